"""Chinese legal descriptive and predictive tasks: case counts and factor-outcome associations."""

from __future__ import annotations

from collections.abc import Callable

from bench.demo_data.corpora import wenshu_cases
from bench.demo_data.laws_zh import CRIMINAL_LAW, law_id
from bench.demo_data.records import NO_EVIDENCE, DemoTask, Response, Retrieval, task_id
from bench.demo_data.stats import binary_association, continuous_association
from bench.demo_data.wenshu import WenshuCase

COUNT_INSTRUCTION = (
    "统计同时满足全部条件的不同案件数量，仅返回一个整数。"
    "retrieved_evidence 须列出最终计入统计的全部案号（anhao）。"
)
ASSOCIATION_INSTRUCTION = (
    "仅依据裁判文书及案件特征分析历史统计关联，不作因果推断。显著性水平取0.05。"
    "option 含义：A=X与Y存在显著正相关；B=X与Y存在显著负相关；C=无显著关联。"
    "n 为有效样本案件数。retrieved_evidence 须列出有效样本的全部案号。"
)
BINARY_FORMAT = (
    '仅返回JSON：{"option": "A/B/C", "n": 整数, "rate_x": 有X案件中Y的比例, '
    '"rate_not_x": 无X案件中Y的比例, "odds_ratio": 比值比, "p_value": Fisher精确检验双侧p值}。'
)
CONTINUOUS_FORMAT = (
    '仅返回JSON：{"option": "A/B/C", "n": 整数, "median_x": 有X组中位数, '
    '"median_not_x": 无X组中位数, "median_difference": 中位数之差（有X减无X）, '
    '"ci_95": [下限, 上限]}，置信区间采用bootstrap百分位法。'
)
FULL_WIDTH = str.maketrans("0123456789", "０１２３４５６７８９")


def _where(test: Callable[[WenshuCase], bool]) -> list[str]:
    return [c.anhao for c in wenshu_cases() if test(c)]


def _cohort(anyou: str, first_instance: bool = True) -> list[WenshuCase]:
    return [
        c
        for c in wenshu_cases()
        if c.anyou == anyou and (not first_instance or c.shenpanchengxu == "一审")
    ]


def descriptive() -> list[DemoTask]:
    group = "legal_zh_descriptive"
    large_loans = _where(
        lambda c: (
            c.anyou == "民间借贷纠纷"
            and c.shenpanchengxu == "一审"
            and c.caipanriqi.startswith("2021")
            and int(c.feature("借款金额（元）")) > 100_000
        )
    )
    insured = _where(
        lambda c: (
            c.anyou == "机动车交通事故责任纠纷"
            and c.feature("事故责任认定") in ("全部责任", "主要责任")
            and c.feature("是否投保交强险") == "是"
            and c.feature("保险公司是否为共同被告") == "是"
        )
    )
    unlawful = _where(
        lambda c: (
            c.anyou == "劳动争议"
            and c.shenpanchengxu == "二审"
            and c.feature("是否违法解除") == "是"
            and c.feature("是否支持赔偿金") == "是"
        )
    )
    surrendered = _where(
        lambda c: (
            c.anyou == "盗窃罪"
            and c.feature("是否自首") == "是"
            and c.feature("是否适用缓刑") == "是"
        )
    )
    return [
        DemoTask(
            task_id(group, 1),
            "sql",
            "在民间借贷纠纷案件中，2021年作出的一审判决里，借款金额超过10万元的案件有多少件？",
            COUNT_INSTRUCTION,
            len(large_loans),
            large_loans,
            Response(f"共{len(large_loans)}件"),
        ),
        DemoTask(
            task_id(group, 58),
            "semantic",
            "在机动车交通事故责任纠纷中，经交警认定机动车一方负全部或主要责任、"
            "肇事车辆投保了交强险，"
            "且保险公司作为共同被告参加诉讼的案件有多少件？",
            COUNT_INSTRUCTION,
            len(insured),
            insured,
            Response(
                f"{len(insured) + 1}件".translate(FULL_WIDTH),
                Retrieval(keep=len(insured) - 1, trail=2, duplicate=True),
            ),
        ),
        DemoTask(
            task_id(group, 131),
            "reasoning",
            "在劳动争议二审案件中，法院认定用人单位违法解除劳动合同并判令支付违法解除赔偿金的案件"
            "有多少件？",
            COUNT_INSTRUCTION,
            len(unlawful),
            unlawful,
            Response("无法确定", NO_EVIDENCE),
        ),
        DemoTask(
            task_id(group, 200),
            "sql",
            "在盗窃罪案件中，被告人具有自首情节且被宣告缓刑的案件有多少件？",
            COUNT_INSTRUCTION,
            len(surrendered),
            surrendered,
            Response(
                str(len(surrendered)),
                Retrieval(extra=("(2022)京0105刑初99999号", law_id(CRIMINAL_LAW, "第六十七条"))),
            ),
        ),
    ]


def predictive() -> list[DemoTask]:
    group = "legal_zh_predictive"
    loans = _cohort("民间借贷纠纷")
    loan_truth = binary_association(
        [(c.feature("是否有书面借条") == "是", c.feature("裁判结果") == "全部支持") for c in loans]
    )
    drunk = _cohort("危险驾驶罪")
    drunk_truth = binary_association(
        [(c.feature("是否认罪认罚") == "是", c.feature("是否适用缓刑") == "是") for c in drunk]
    )
    theft = _cohort("盗窃罪")
    theft_truth = continuous_association(
        [(c.feature("是否自首") == "是", float(c.feature("有期徒刑（月）"))) for c in theft],
        seed=64,
    )
    labour = _cohort("劳动争议", first_instance=False)
    labour_truth = continuous_association(
        [
            (c.feature("是否违法解除") == "是", float(c.feature("判决给付金额（元）")))
            for c in labour
        ],
        seed=100,
    )
    fenced = (
        "根据检索到的案件统计如下：\n```json\n"
        '{"option": "A", "n": 10, "rate_x": 0.667, "rate_not_x": 0.25, "odds_ratio": 6.0, '
        '"p_value": 0.52}'
        "\n```\n认罪认罚与适用缓刑呈正相关。"
    )
    return [
        DemoTask(
            task_id(group, 3),
            "structured",
            "在民间借贷纠纷一审案件中，分析“出借人持有书面借条”（X）"
            "与“出借人的诉讼请求获得全部支持”（Y）之间的历史统计关联。",
            f"{ASSOCIATION_INSTRUCTION}{BINARY_FORMAT}",
            loan_truth,
            [c.anhao for c in loans],
            Response(
                {
                    "Option": loan_truth["option"],
                    "N": loan_truth["n"],
                    "Rate_X": loan_truth["rate_x"],
                    "Rate_Not_X": loan_truth["rate_not_x"],
                    "Odds_Ratio": 30.0,
                    "P_Value": 0.026,
                }
            ),
        ),
        DemoTask(
            task_id(group, 27),
            "semantic",
            "在危险驾驶罪（醉酒驾驶）案件中，分析“被告人认罪认罚”（X）与“被告人被宣告缓刑”（Y）"
            "之间的历史统计关联。",
            f"{ASSOCIATION_INSTRUCTION}{BINARY_FORMAT}",
            drunk_truth,
            [c.anhao for c in drunk],
            Response(fenced, Retrieval(keep=6, trail=1)),
        ),
        DemoTask(
            task_id(group, 64),
            "structured",
            "在盗窃罪一审案件中，分析“被告人具有自首情节”（X）与“判处有期徒刑的月数”（Y）"
            "之间的历史统计关联。",
            f"{ASSOCIATION_INSTRUCTION}{CONTINUOUS_FORMAT}",
            theft_truth,
            [c.anhao for c in theft],
            Response(dict(theft_truth)),
        ),
        DemoTask(
            task_id(group, 100),
            "semantic",
            "在劳动争议案件（含一审、二审）中，分析“法院认定用人单位违法解除劳动合同”（X）"
            "与“判决用人单位给付的金额”（Y）之间的历史统计关联。",
            f"{ASSOCIATION_INSTRUCTION}{CONTINUOUS_FORMAT}",
            labour_truth,
            [c.anhao for c in labour],
            Response(
                {"option": "A", "n": len(labour), "median_x": labour_truth["median_x"]},
                Retrieval(keep=7),
            ),
        ),
    ]
