"""Criminal decisions of the demo: theft and dangerous (drunk) driving."""

from __future__ import annotations

from bench.demo_data.wenshu import COURTS, Body, Filing, person, yes

# (year, court, amount in yuan, surrendered, plea leniency, recidivist, months, probation)
THEFT = (
    (2021, 0, 4800, True, True, False, 6, True),
    (2022, 2, 12500, True, True, False, 8, True),
    (2021, 3, 6200, True, False, False, 7, True),
    (2023, 4, 21000, True, True, True, 10, False),
    (2022, 5, 15800, True, True, False, 9, False),
    (2021, 1, 9600, False, True, False, 12, False),
    (2022, 6, 26000, False, False, True, 18, False),
    (2023, 0, 18500, False, True, False, 14, False),
    (2021, 2, 8300, False, True, False, 10, True),
    (2022, 3, 22400, False, False, False, 16, False),
    (2023, 5, 29000, False, False, True, 20, False),
    (2022, 4, 14300, False, True, False, 13, False),
)
# (year, court, blood alcohol mg/100ml, plea leniency, accident, months of detention, probation)
DRUNK_DRIVING = (
    (2021, 0, 126, True, False, 2, True),
    (2021, 1, 185, True, True, 4, False),
    (2022, 2, 98, True, False, 1, True),
    (2022, 3, 213, False, True, 5, False),
    (2023, 4, 142, True, False, 2, True),
    (2023, 5, 167, False, False, 3, False),
    (2021, 6, 112, False, False, 2, True),
    (2022, 0, 236, True, True, 5, False),
    (2023, 2, 131, False, False, 3, False),
    (2022, 4, 104, True, False, 1, True),
)
CHINESE_MONTHS = "零一二三四五六七八九十"


def months_text(months: int) -> str:
    """一年二个月, 八个月, ... as sentences state a term."""
    years, rest = divmod(months, 12)
    head = f"{CHINESE_MONTHS[years]}年" if years else ""
    if rest == 0:
        return head
    return head + ("十" if rest == 10 else CHINESE_MONTHS[rest] if rest < 10 else "十一") + "个月"


def procuratorate(court: int) -> str:
    return COURTS[court][0].replace("人民法院", "人民检察院")


def theft() -> list[Filing]:
    filings = []
    for k, row in enumerate(THEFT):
        year, court, amount, surrendered, plea, recidivist, months, probation = row
        accused = person(120 + k)
        facts = (
            f"经审理查明：{year - 1}年{1 + k % 12}月，被告人{accused}在{COURTS[court][0][:-4]}"
            f"辖区内多次窃取他人财物，经鉴定价值共计人民币{amount}元。"
            + ("案发后，被告人主动到公安机关投案，如实供述了犯罪事实。" if surrendered else "")
            + ("被告人自愿认罪认罚，签署了认罪认罚具结书。" if plea else "")
            + ("被告人曾因盗窃罪被判处有期徒刑，刑满释放后五年内再犯。" if recidivist else "")
        )
        mitigation = "系自首，依法可以从轻处罚；" if surrendered else ""
        reasoning = (
            f"被告人{accused}以非法占有为目的，秘密窃取他人财物，数额较大，其行为已构成盗窃罪。"
            + mitigation
            + ("系累犯，依法应当从重处罚，且不适用缓刑。" if recidivist else "")
        )
        sentence = f"被告人{accused}犯盗窃罪，判处有期徒刑{months_text(months)}"
        if probation:
            sentence += f"，缓刑{months_text(max(12, 2 * months))}"
        features = (
            ("盗窃金额（元）", str(amount)),
            ("是否自首", yes(surrendered)),
            ("是否认罪认罚", yes(plea)),
            ("是否累犯", yes(recidivist)),
            ("有期徒刑（月）", str(months)),
            ("是否适用缓刑", yes(probation)),
        )
        statutes = "《中华人民共和国刑法》第二百六十四条、第六十五条、第六十七条、第七十二条"
        body = Body(
            features,
            (procuratorate(court), accused),
            facts,
            reasoning,
            statutes,
            (sentence + "，并处罚金人民币五千元。",),
        )
        filings.append(Filing("盗窃罪", "刑", year, court, False, body))
    return filings


def drunk_driving() -> list[Filing]:
    filings = []
    for k, row in enumerate(DRUNK_DRIVING):
        year, court, alcohol, plea, accident, months, probation = row
        accused = person(140 + k)
        facts = (
            f"经审理查明：{year - 1}年{2 + k}月{3 + 2 * k}日晚，被告人{accused}饮酒后驾驶小型"
            f"轿车行驶至城区道路时被民警查获。经鉴定，其血液中乙醇含量为{alcohol}mg/100ml。"
            + ("其驾驶车辆与路边停放车辆发生碰撞，造成财产损失。" if accident else "")
            + ("被告人自愿认罪认罚。" if plea else "被告人当庭辩称其饮酒后已休息数小时。")
        )
        reasoning = (
            f"被告人{accused}在道路上醉酒驾驶机动车，其行为已构成危险驾驶罪。"
            + ("被告人认罪认罚，依法可以从宽处理。" if plea else "")
            + ("其醉酒驾驶造成交通事故，酌情从重处罚。" if accident else "")
        )
        sentence = f"被告人{accused}犯危险驾驶罪，判处拘役{months_text(months)}"
        if probation:
            sentence += f"，缓刑{months_text(2 * months + 2)}"
        features = (
            ("血液酒精含量（mg/100ml）", str(alcohol)),
            ("是否认罪认罚", yes(plea)),
            ("是否发生交通事故", yes(accident)),
            ("拘役（月）", str(months)),
            ("是否适用缓刑", yes(probation)),
        )
        statutes = "《中华人民共和国刑法》第一百三十三条之一、第七十二条"
        body = Body(
            features,
            (procuratorate(court), accused),
            facts,
            reasoning,
            statutes,
            (sentence + "，并处罚金人民币四千元。",),
        )
        filings.append(Filing("危险驾驶罪", "刑", year, court, False, body))
    return filings
