"""Chinese court decisions (legal/zh/legal_wenshu.db): the case record and its rendering.

A cause-of-action module supplies each decision's specific parts (`Filing`, `Body`); this module
numbers the cases, renders the decision text around them and lays out the tables.
"""

from __future__ import annotations

from dataclasses import dataclass

from bench.demo_data.storage import Table

# (basic court, its code, intermediate court it appeals to, that court's code)
COURTS = (
    ("北京市朝阳区人民法院", "京0105", "北京市第三中级人民法院", "京03"),
    ("北京市海淀区人民法院", "京0108", "北京市第一中级人民法院", "京01"),
    ("上海市浦东新区人民法院", "沪0115", "上海市第一中级人民法院", "沪01"),
    ("广东省深圳市南山区人民法院", "粤0305", "广东省深圳市中级人民法院", "粤03"),
    ("浙江省杭州市西湖区人民法院", "浙0106", "浙江省杭州市中级人民法院", "浙01"),
    ("江苏省南京市鼓楼区人民法院", "苏0106", "江苏省南京市中级人民法院", "苏01"),
    ("四川省成都市武侯区人民法院", "川0107", "四川省成都市中级人民法院", "川01"),
)
SURNAMES = "张王李赵刘陈杨黄周吴徐孙马朱胡郭何林罗高郑梁谢宋唐许韩冯邓曹彭曾萧田董潘袁"
DIGITS = "〇一二三四五六七八九"
DIVISION_TITLES = {"民": "民事", "刑": "刑事", "行": "行政"}


def chinese_date(iso: str) -> str:
    """2021-03-15 as decisions sign it: 二〇二一年三月十五日."""
    year, month, day = iso.split("-")

    def small(n: int) -> str:
        tens, ones = divmod(n, 10)
        return (
            ("" if tens < 2 else DIGITS[tens])
            + ("十" if tens else "")
            + (DIGITS[ones] if ones else "")
        )

    return "".join(DIGITS[int(d)] for d in year) + f"年{small(int(month))}月{small(int(day))}日"


def person(i: int) -> str:
    """An anonymised party name as decisions publish it: 张某, 王某某, ..."""
    return SURNAMES[i % len(SURNAMES)] + ("某" if i % 3 else "某某")


def yes(flag: bool) -> str:
    """A yes/no feature value as the decisions' features record it."""
    return "是" if flag else "否"


@dataclass(frozen=True)
class Body:
    """The parts of one decision that depend on its cause of action and facts."""

    features: tuple[tuple[str, str], ...]
    parties: tuple[str, str]  # (plaintiff, defendant); criminal: (procuratorate, accused)
    facts: str
    reasoning: str
    statutes: str
    judgment: tuple[str, ...]


@dataclass(frozen=True)
class Filing:
    """One decision before numbering: where and when it was decided, and its body."""

    anyou: str
    division: str  # 民, 刑 or 行
    year: int
    court: int  # index into COURTS
    appeal: bool
    body: Body
    withdrawn: bool = False  # an appeal withdrawn, closed by a ruling (裁定书)


@dataclass(frozen=True)
class WenshuCase:
    """One row of `cases` with its `case_features`."""

    anhao: str
    anyou: str
    wenshuleixing: str
    fayuanmingcheng: str
    caipanriqi: str
    shenpanchengxu: str
    wenshu_content: str
    features: tuple[tuple[str, str], ...]

    def feature(self, name: str) -> str:
        return dict(self.features)[name]


def number(filings: list[Filing]) -> list[WenshuCase]:
    """Give each filing its case number, date and rendered text."""
    return [_case(i, filing) for i, filing in enumerate(filings)]


def _case(i: int, filing: Filing) -> WenshuCase:
    basic, basic_code, upper, upper_code = COURTS[filing.court]
    court, code = (upper, upper_code) if filing.appeal else (basic, basic_code)
    stage = "终" if filing.appeal else "初"
    anhao = f"({filing.year}){code}{filing.division}{stage}{1000 + (i * 7919) % 29000}号"
    date = f"{filing.year}-{1 + (i * 5) % 12:02d}-{1 + (i * 11) % 28:02d}"
    kind = "裁定书" if filing.withdrawn else "判决书"
    title = DIVISION_TITLES[filing.division] + kind
    content = "\n".join(_render(filing, court, basic, upper, anhao, title, date))
    return WenshuCase(
        anhao=anhao,
        anyou=filing.anyou,
        wenshuleixing=kind,
        fayuanmingcheng=court,
        caipanriqi=date,
        shenpanchengxu="二审" if filing.appeal else "一审",
        wenshu_content=content,
        features=filing.body.features,
    )


def _render(
    filing: Filing, court: str, basic: str, upper: str, anhao: str, title: str, date: str
) -> list[str]:
    body = filing.body
    first, second = body.parties
    if filing.division == "刑":
        parties = [f"公诉机关：{first}。", f"被告人：{second}。"]
        opening = (
            f"{first}指控被告人{second}犯{filing.anyou}，向本院提起公诉。本院依法适用简易程序，"
            "公开开庭审理了本案。被告人到庭参加诉讼。现已审理终结。"
        )
    elif filing.appeal:
        parties = [f"上诉人：{first}。", f"被上诉人：{second}。"]
        opening = (
            f"上诉人{first}因与被上诉人{second}{filing.anyou}一案，不服{basic}一审{title[:2]}判决，"
            "向本院提起上诉。本院立案后，依法组成合议庭进行了审理。本案现已审理终结。"
        )
    else:
        parties = [f"原告：{first}。", f"被告：{second}。"]
        opening = (
            f"原告{first}与被告{second}{filing.anyou}一案，本院立案后，依法适用简易程序，"
            "公开开庭进行了审理。本案现已审理终结。"
        )
    facts, judgment = body.facts, list(body.judgment)
    reasoning = f"本院认为，{body.reasoning}依照{body.statutes}之规定，判决如下："
    days = "十" if filing.division == "刑" else "十五"
    closing = f"如不服本判决，可在判决书送达之日起{days}日内向本院递交上诉状，上诉于{upper}。"
    if filing.appeal:
        facts += f"原审判决：{''.join(judgment)}"
        judgment = ["驳回上诉，维持原判。", "二审案件受理费由上诉人负担。"]
        closing = "本判决为终审判决。"
    if filing.withdrawn:
        reasoning = (
            "本院认为，上诉人在本院审理期间申请撤回上诉，不违反法律规定，应予准许。"
            "依照《中华人民共和国民事诉讼法》第一百八十条之规定，裁定如下："
        )
        judgment = ["准许上诉人撤回上诉。", "一审判决自本裁定书送达之日起发生法律效力。"]
        closing = "本裁定为终审裁定。"
    return [
        court,
        title,
        anhao,
        *parties,
        opening,
        facts,
        reasoning,
        *judgment,
        closing,
        f"审判员　{person(sum(map(ord, anhao)))}",
        chinese_date(date),
    ]


def tables(cases: list[WenshuCase]) -> list[Table]:
    """`cases` and `case_features` as docs/corpora.md names them."""
    case_rows = [
        (
            c.anhao,
            c.anyou,
            c.wenshuleixing,
            c.fayuanmingcheng,
            c.caipanriqi,
            c.shenpanchengxu,
            c.wenshu_content,
        )
        for c in cases
    ]
    feature_rows = [(c.anhao, name, value) for c in cases for name, value in c.features]
    return [
        Table(
            "cases",
            "anhao TEXT PRIMARY KEY, anyou TEXT, wenshuleixing TEXT, fayuanmingcheng TEXT, "
            "caipanriqi TEXT, shenpanchengxu TEXT, wenshu_content TEXT",
            case_rows,
        ),
        Table(
            "case_features",
            "id INTEGER PRIMARY KEY, anhao TEXT, feature_name TEXT, feature_value TEXT",
            [(i, *row) for i, row in enumerate(feature_rows, start=1)],
            indexes=("anhao",),
        ),
    ]
