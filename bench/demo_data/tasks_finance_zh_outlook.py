"""Chinese finance predictive tasks (forecasts for 2024) and prescriptive compliance tasks."""

from __future__ import annotations

from bench.demo_data.finance_zh import report
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, letter_of, task_id
from bench.demo_data.rules_zh import SSE_RULES
from bench.demo_data.tasks_finance_zh import fy, growth

CUTOFF = (
    "仅可使用截至2024年8月31日已披露的信息（2022年、2023年年度报告及2024年半年度报告），"
    "不得使用此后披露的信息。"
    "retrieved_evidence 按相关性列出所依据报告的 report_id。"
)
COMPLIANCE = (
    "请检索适用的上市规则或监管规定，判断合规、不合规或无法判断，并说明触发条件、时限和程序，"
    "200字以内。"
    "retrieved_evidence 列出所依据的规则。"
)


def history(code: str) -> list[str]:
    """The reports a forecast for 2024 may use: annual 2022 and 2023, half-year 2024."""
    return [
        report(code, 2024, half=True).report_id,
        fy(code, 2023).report_id,
        fy(code, 2022).report_id,
    ]


def _bucket(change: float) -> str:
    """A: fall over 10%, B: fall 0-10%, C: rise 0-10%, D: rise over 10%."""
    return letter_of(sum(change > bound for bound in (-10, 0, 10)))


def predictive() -> list[DemoTask]:
    group = "finance_zh_predictive"
    buckets = "选项：A. 下降超过10% B. 下降0%至10% C. 增长0%至10% D. 增长超过10%。"
    chip_2023, chip_2024 = fy("688359", 2023).net_profit, fy("688359", 2024).net_profit
    chip = "C" if chip_2024 > 0 else ("B" if chip_2024 > chip_2023 else "A")
    port = fy("601866", 2024).net_profit > fy("601866", 2023).net_profit
    farm = fy("600975", 2024).operating_cash_flow > 0
    bio = round(fy("002467", 2024).revenue / 1e8, 2)
    cloud = fy("300415", 2024).eps
    auto = round(100 * (fy("600562", 2024).net_profit / fy("600562", 2023).net_profit - 1), 2)
    builder, liquor, laser = growth("601627", 2024), growth("000812", 2024), growth("688612", 2024)
    return [
        DemoTask(
            task_id(group, 1),
            "multi_period_trend",
            "预测晟光新能2024年度营业收入的同比变动区间。",
            f"{buckets}{CUTOFF}仅返回选项字母。",
            _bucket(growth("603218", 2024)),
            history("603218"),
            Response("B"),
        ),
        DemoTask(
            task_id(group, 60),
            "mixed_numeric_text",
            "预测芯瑞微2024年度归属于上市公司股东的净利润情况。",
            "选项：A. 亏损扩大 B. 继续亏损但亏损收窄 C. 扭亏为盈 D. 与2023年基本持平。"
            f"{CUTOFF}仅返回选项字母。",
            chip,
            history("688359"),
            Response("C", Retrieval(keep=2, trail=1)),
        ),
        DemoTask(
            task_id(group, 89),
            "mixed_numeric_text",
            "东港物流2024年度归属于上市公司股东的净利润是否将高于2023年度？",
            f"{CUTOFF}仅回答“是”或“否”。",
            "是" if port else "否",
            history("601866"),
            Response("是" if port else "否", Retrieval(keep=1)),
        ),
        DemoTask(
            task_id(group, 100),
            "mixed_numeric_text",
            "新洲农牧2024年度经营活动产生的现金流量净额是否为正？",
            f"{CUTOFF}仅回答“是”或“否”。",
            "是" if farm else "否",
            history("600975"),
            Response("对" if farm else "错", Retrieval(keep=0, lead=2)),
        ),
        DemoTask(
            task_id(group, 61),
            "mixed_numeric_text",
            "预测嘉禾生物2024年度营业收入（亿元）。",
            f"{CUTOFF}以亿元为单位，保留两位小数，仅返回数值。",
            bio,
            history("002467"),
            Response(f"{bio:.2f}亿元", Retrieval(keep=2, extra=(fy("002467", 2024).report_id,))),
        ),
        DemoTask(
            task_id(group, 75),
            "multi_period_trend",
            "预测蓝海云2024年度基本每股收益（元/股）。",
            f"{CUTOFF}保留两位小数，仅返回数值。",
            cloud,
            history("300415"),
            Response("0.30元/股"),
        ),
        DemoTask(
            task_id(group, 88),
            "mixed_numeric_text",
            "预测天合汽配2024年度归属于上市公司股东的净利润同比增长率（%）。",
            f"{CUTOFF}保留两位小数，仅返回数值。",
            auto,
            history("600562"),
            Response("约１８％", Retrieval(keep=1, trail=1)),
        ),
        DemoTask(
            task_id(group, 101),
            "text_summary",
            "预测华夏建工2024年全年营业收入的变动趋势，并说明理由。",
            f"{CUTOFF}请用150字以内的中文作答。",
            f"预计2024年全年营业收入同比下降约{abs(builder):.0f}%。理由："
            "2024年上半年营业收入同比下降6.2%，半年报披露房地产"
            "相关业务继续收缩、部分项目施工进度放缓；虽然新签合同中基础设施项目占比提升，"
            "但难以完全抵消房建业务的收缩。",
            history("601627"),
            Response(
                "预计2024年营业收入小幅下降。上半年收入同比下降6.2%，房地产相关业务收缩、"
                "项目施工放缓，基建订单难以完全弥补。",
                Retrieval(),
                JudgeMarks(
                    (4, 3, 4, 4, 4), "方向判断正确且理由与参考答案一致，但未给出约4%的降幅估计。"
                ),
            ),
        ),
        DemoTask(
            task_id(group, 150),
            "mixed_numeric_text",
            "预测川南酒业2024年度营业收入增速是否会较2023年放缓，并说明理由。",
            f"{CUTOFF}请用150字以内的中文作答。",
            f"会放缓。2023年营业收入同比增长{growth('000812', 2023):.2f}%；"
            "2024年半年报显示渠道库存有所上升，公司主动放缓"
            f"发货节奏，预计2024年全年增速回落至约{liquor:.0f}%。",
            history("000812"),
            Response(
                "不会放缓，预计2024年增速将超过20%。公司产品结构持续优化，"
                "高端产品提价将继续拉动收入增长。",
                Retrieval(keep=1, lead=1),
                JudgeMarks(
                    (0, 1, 0, 1, 4),
                    "结论与参考答案相反，忽略了半年报中渠道库存上升、放缓发货的信息。",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 200),
            "multi_period_trend",
            "结合2022年至2024年上半年的数据，预测锐光激光2024年度营业收入和净利润的变化趋势。",
            f"{CUTOFF}请用150字以内的中文作答。",
            f"预计2024年营业收入继续增长约{laser:.0f}%，净利润同步增长。2023年营业收入同比增长{growth('688612', 2023):.2f}"
            "%，"
            "净利率保持在15%左右；2024年海外渠道建设加快、万瓦级产品收入占比提升，增长动力延续。",
            history("688612"),
            Response(
                "预计2024年营业收入增长约20%，净利润随之增长，净利率维持在15%左右；"
                "海外渠道和万瓦级产品是主要驱动。",
                Retrieval(duplicate=True),
                JudgeMarks((4, 4, 4, 4, 4), "预测方向、幅度与理由均与参考答案一致。"),
            ),
        ),
    ]


def prescriptive() -> list[DemoTask]:
    group = "finance_zh_prescriptive"
    guarantee = [
        {"law_name": SSE_RULES, "item": "第6.1.10条"},
        {"law_name": SSE_RULES, "item": "第15.1条"},
    ]
    related = [
        {"law_name": SSE_RULES, "item": item} for item in ("第6.3.6条", "第6.3.7条", "第6.3.8条")
    ]
    forecast = [{"law_name": SSE_RULES, "item": "第5.1.1条"}]
    return [
        DemoTask(
            task_id(group, 1),
            None,
            "2024年3月5日（星期二），湘江智装（上海证券交易所主板上市）"
            "董事会审议通过为全资子公司提供担保的议案，单笔担保"
            "金额4.8亿元，占公司最近一期经审计净资产的15.2%。公司于3月12日披露董事会决议公告，"
            "且未将该议案提交股东大会审议。"
            "上述程序是否合规？",
            COMPLIANCE,
            "不合规。依据《上海证券交易所股票上市规则》第6.1.10条，"
            "提供担保应经董事会审议并及时披露，单笔担保额超过最近一期"
            "经审计净资产10%的，还应在董事会审议通过后提交股东大会审议；本案担保额占净资产15.2%，"
            "未提交股东大会，程序不合规。"
            "依据第15.1条，“及时”指两个交易日内，3月5日的决议应于3月7日前披露，3月12日披露已逾期。",
            guarantee,
            Response(
                "不合规。根据上市规则第6.1.10条，单笔担保额超过最近一期经审计净资产10%的担保须提交"
                "股东大会审议，公司未提交。",
                Retrieval(lead=1),
                JudgeMarks(
                    (4, 3, 2, 4, 4),
                    "结论正确并指出未提交股东大会，但遗漏了披露时限逾期这一关键理由。",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 50),
            None,
            "2024年6月18日，东港物流董事会审议通过与控股股东下属子公司签订年度仓储服务协议的议案，"
            "交易金额3,500万元，"
            "占公司最近一期经审计净资产的0.9%。全体独立董事过半数同意，关联董事回避表决，"
            "公司于6月19日披露公告，未提交"
            "股东大会审议。该关联交易的审议和披露程序是否合规？",
            COMPLIANCE,
            "合规。依据第6.3.6条，与关联法人交易金额在300万元以上且占净资产绝对值0.5%以上的，"
            "应经独立董事过半数同意后提交"
            "董事会审议并及时披露，公司已履行；第6.3.7条要求提交股东大会的标准为3000万元以上且占净"
            "资产绝对值5%以上，本案"
            "占比仅0.9%，无需提交股东大会；关联董事回避表决符合第6.3.8条。",
            related,
            Response(
                "不合规。交易金额3,500万元已超过3,000万元，根据第6.3.7条应提交股东大会审议，"
                "公司未提交股东大会。",
                Retrieval(keep=1, trail=1),
                JudgeMarks(
                    (0, 2, 1, 1, 4),
                    "结论错误：忽略了5%净资产比例这一并列条件，误判须提交股东大会。",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 100),
            None,
            "新洲农牧于2025年1月24日发布公告，称预计2024年度归属于上市公司股东的净利润同比下降，"
            "但未披露具体下降幅度，也未"
            "说明是否亏损。仅凭上述信息，能否判断公司是否负有业绩预告义务及其披露是否合规？",
            COMPLIANCE,
            "无法判断。依据第5.1.1条，年度净利润为负值、扭亏为盈或与上年同期相比上升或下降50%以上"
            "等情形，应在会计年度结束后"
            "1个月内（即2025年1月31日前）进行业绩预告。公告仅称净利润同比下降，"
            "未说明降幅是否达到50%或是否亏损，事实不足"
            "以判断是否触发预告义务；若已触发，1月24日的披露在期限之内。",
            forecast,
            Response(
                "合规。公司在2025年1月31日之前发布了业绩预告，符合上市规则的时限要求。",
                Retrieval(trail=2),
                JudgeMarks(
                    (1, 2, 2, 0, 4), "在事实不足时作出了武断的合规结论，未说明触发业绩预告的条件。"
                ),
            ),
        ),
    ]
