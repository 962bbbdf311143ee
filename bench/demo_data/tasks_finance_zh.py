"""Chinese finance descriptive tasks: figures, choices, short answers and peer statistics."""

from __future__ import annotations

from collections.abc import Callable

from bench.demo_data.datafiles import zh_companies
from bench.demo_data.finance_zh import ZhReport, report, reports, wan
from bench.demo_data.records import (
    DemoTask,
    JudgeMarks,
    Response,
    Retrieval,
    letter_of,
    letters,
    task_id,
)

GROUP = "finance_zh_descriptive"
SOURCE = "仅依据公司已披露的定期报告作答。retrieved_evidence 按相关性列出所依据报告的 report_id。"
CHOICE = f"{SOURCE}仅返回选项字母，多选题按字母顺序返回全部正确选项。"
JUDGMENT = f"{SOURCE}仅回答“是”或“否”。"
SHORT = f"{SOURCE}请用150字以内的中文作答，给出结论及关键财务事实。"
STATISTIC = (
    "在语料库全部公司中统计，仅返回整数。retrieved_evidence "
    "须列出计入统计的全部公司股票代码（stock_code）。"
)


def fy(code: str, year: int) -> ZhReport:
    return report(code, year)


def growth(code: str, year: int) -> float:
    """Revenue growth in percent over the prior fiscal year."""
    return 100 * (fy(code, year).revenue / fy(code, year - 1).revenue - 1)


def short_name(code: str) -> str:
    return next(c.short_name for c in zh_companies() if c.stock_code == code)


def options(codes: list[str]) -> str:
    """The options of a choice question: 选项：A. 粤海精密 B. 芯瑞微 ...。"""
    listed = " ".join(f"{letter_of(i)}. {short_name(code)}" for i, code in enumerate(codes))
    return f"选项：{listed}。"


def _companies(test: Callable[[ZhReport], bool]) -> list[str]:
    return [
        r.company.stock_code
        for r in reports()
        if (r.fiscal_year, r.half) == (2023, False) and test(r)
    ]


def numeric() -> list[DemoTask]:
    revenue = round(fy("603218", 2023).revenue / 1e4, 2)
    loss = round(fy("688359", 2023).net_profit / 1e4, 2)
    rise = round(growth("002467", 2023), 2)
    unit = f"{SOURCE}以万元为单位，保留两位小数，仅返回数值。"
    return [
        DemoTask(
            task_id(GROUP, 1),
            "numeric_fact",
            "晟光新能2023年度实现的营业收入是多少万元？",
            unit,
            revenue,
            [fy("603218", 2023).report_id],
            Response(f"{revenue:,.2f}万元"),
        ),
        DemoTask(
            task_id(GROUP, 7),
            "numeric_fact",
            "芯瑞微2023年度归属于上市公司股东的净利润是多少万元？",
            unit,
            loss,
            [fy("688359", 2023).report_id],
            Response(f"亏损{abs(loss):,.2f}万元", Retrieval(trail=2)),
        ),
        DemoTask(
            task_id(GROUP, 12),
            "change_detection",
            "嘉禾生物2023年度营业收入同比增长率是多少？",
            f"{SOURCE}以百分比表示，保留两位小数，仅返回数值。",
            rise,
            [fy("002467", 2023).report_id, fy("002467", 2022).report_id],
            Response(f"+{rise}%", Retrieval(keep=1)),
        ),
    ]


def choice() -> list[DemoTask]:
    ranked = ["000821", "688359", "688612", "300415"]
    top = max(ranked, key=lambda code: fy(code, 2023).revenue)
    leveraged = ["601627", "600975", "002467", "300958"]
    cash_covered = fy("601866", 2023).operating_cash_flow > fy("601866", 2023).net_profit
    return [
        DemoTask(
            task_id(GROUP, 13),
            "ranking",
            "以下公司中，2023年度营业收入最高的是哪一家？",
            options(ranked) + CHOICE,
            letters([c == top for c in ranked]),
            [fy(c, 2023).report_id for c in ranked],
            Response("A", Retrieval(keep=3, lead=1)),
        ),
        DemoTask(
            task_id(GROUP, 57),
            "mixed_numeric_text",
            "东港物流2023年度经营活动产生的现金流量净额是否高于归属于上市公司股东的净利润？",
            JUDGMENT,
            "是" if cash_covered else "否",
            [fy("601866", 2023).report_id],
            Response("对" if cash_covered else "错"),
        ),
        DemoTask(
            task_id(GROUP, 103),
            "screening",
            "下列公司中，2023年末资产负债率高于60%的有哪些？（多选）",
            options(leveraged) + CHOICE,
            letters([fy(c, 2023).debt_ratio > 0.6 for c in leveraged]),
            [fy(c, 2023).report_id for c in leveraged],
            Response("D, B, A", Retrieval(duplicate=True, trail=1)),
        ),
    ]


def short() -> list[DemoTask]:
    solar, liquor = fy("603218", 2023), fy("000812", 2023)
    medical, bio = growth("002945", 2023), growth("002467", 2023)
    return [
        DemoTask(
            task_id(GROUP, 104),
            "text_evidence",
            "晟光新能2023年年度报告中，管理层如何解释营业收入增长的原因？",
            SHORT,
            f"晟光新能2023年度实现营业收入{wan(solar.revenue)}，同比增长{growth('603218', 2023):.2f}"
            "%。管理层将增长归因于"
            "光伏组件出货量同比增长41%，以及N型TOPCon产品出货占比提升至65%，"
            "两者带动营业收入和毛利率同步提升。",
            [solar.report_id],
            Response(
                "主要原因是光伏组件出货量同比增长41%，且N型TOPCon产品占比提升到65%，"
                "推动收入和毛利率提升。",
                Retrieval(trail=1),
                JudgeMarks(
                    (4, 3, 4, 4, 4),
                    "结论正确，覆盖出货量和产品结构两项原因，但未给出营业收入金额及增速。",
                ),
            ),
        ),
        DemoTask(
            task_id(GROUP, 150),
            "text_summary",
            "川南酒业2023年度利润分配预案是什么？请结合当年经营业绩简要说明。",
            SHORT,
            f"川南酒业2023年度实现营业收入{wan(liquor.revenue)}，同比增长{growth('000812', 2023):.2f}"
            "%；归属于上市公司"
            f"股东的净利润{wan(liquor.net_profit)}。公司拟以总股本为基数，"
            "向全体股东每10股派发现金红利12.00元（含税），"
            "不送红股，不以资本公积金转增股本。",
            [liquor.report_id],
            Response(
                "川南酒业2023年业绩稳健增长，公司拟每10股派发现金红利10元（含税），"
                "同时每10股转增2股。",
                Retrieval(lead=2),
                JudgeMarks(
                    (1, 1, 1, 0, 4),
                    "分红金额错误，并虚构了转增股本安排，未给出营业收入和净利润数据。",
                ),
                logged=False,
            ),
        ),
        DemoTask(
            task_id(GROUP, 200),
            "text_comparison",
            "比较华林医疗与嘉禾生物2023年度营业收入增速及其主要驱动因素。",
            SHORT,
            f"嘉禾生物2023年度营业收入同比增长{bio:.2f}%，高于华林医疗的{medical:.2f}%。"
            "嘉禾生物的增长来自核心产品重组"
            "胰岛素类似物纳入集采后以价换量、销量增长58%；华林医疗的增长来自血液透析耗材国内市场份"
            "额提升至19%及新增11项"
            "海外注册证。",
            [fy("002467", 2023).report_id, fy("002945", 2023).report_id],
            Response(
                f"嘉禾生物2023年营业收入增长{bio:.2f}%，主要因胰岛素类似物集采后销量增长58%。"
                "华林医疗增速较低。",
                Retrieval(keep=1, trail=2),
                JudgeMarks(
                    (2, 2, 3, 4, 4),
                    "仅分析了嘉禾生物，缺少华林医疗的增速数值和驱动因素，比较不完整。",
                ),
            ),
        ),
    ]


def statistic() -> list[DemoTask]:
    growing = _companies(
        lambda r: growth(r.company.stock_code, 2023) > 10 and r.operating_cash_flow > 0
    )
    leveraged = _companies(lambda r: r.company.exchange == "深圳证券交易所" and r.debt_ratio > 0.5)
    profitable = _companies(lambda r: r.roe > 10)
    return [
        DemoTask(
            task_id(GROUP, 201),
            "statistic",
            "2023年度营业收入同比增长超过10%且经营活动产生的现金流量净额为正的公司有多少家？",
            STATISTIC,
            len(growing),
            growing,
            Response(str(len(growing)), Retrieval(keep=len(growing) - 1, trail=1)),
        ),
        DemoTask(
            task_id(GROUP, 250),
            "statistic",
            "截至2023年末，资产负债率高于50%的深圳证券交易所上市公司有多少家？",
            STATISTIC,
            len(leveraged),
            leveraged,
            Response(f"{len(leveraged) + 2}家", Retrieval(trail=2)),
        ),
        DemoTask(
            task_id(GROUP, 300),
            "statistic",
            "2023年度加权平均净资产收益率高于10%的公司有多少家？",
            STATISTIC,
            len(profitable),
            profitable,
            Response(
                f"共{len(profitable)}家",
                Retrieval(keep=len(profitable) - 1, extra=(fy(profitable[-1], 2023).report_id,)),
            ),
        ),
    ]


def descriptive() -> list[DemoTask]:
    return [*numeric(), *choice(), *short(), *statistic()]
