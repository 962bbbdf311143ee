"""Chinese legal prescriptive tasks: apply statutes and judicial interpretations to facts."""

from __future__ import annotations

from bench.demo_data.corpora import wenshu_cases
from bench.demo_data.laws_zh import (
    ADMIN_LITIGATION_LAW,
    CIVIL_CODE,
    CRIMINAL_LAW,
    DISCLOSURE_REGULATION,
    LENDING_RULES,
    THEFT_INTERPRETATION,
    law_id,
)
from bench.demo_data.records import DemoTask, JudgeMarks, Response, Retrieval, task_id

STATUTE_INSTRUCTION = (
    "请检索适用的法律条文或司法解释，给出结论，说明关键事实与规则适用，200字以内。"
    "retrieved_evidence 按相关性列出所引条文的 id。"
)


def prescriptive() -> list[DemoTask]:
    group = "legal_zh_prescriptive"
    return [
        DemoTask(
            task_id(group, 1),
            "民事",
            "2022年3月1日，自然人甲向乙出借30万元，借条约定年利率24%，借期一年。到期后乙未还款，"
            "甲起诉要求乙按年利率24%"
            "支付利息。合同成立时一年期贷款市场报价利率（LPR）为3.70%。"
            "甲的利息请求能否全部得到支持？",
            STATUTE_INSTRUCTION,
            "不能全部支持。依据《最高人民法院关于审理民间借贷案件适用法律若干问题的规定》第二十五"
            "条，出借人请求按合同约定利率"
            "支付利息的，人民法院应予支持，但约定利率超过合同成立时一年期贷款市场报价利率四倍的除"
            "外。本案合同成立时LPR为"
            "3.70%，四倍为14.8%，约定的24%超过上限，超过部分不受保护；"
            "《民法典》第六百八十条亦禁止高利放贷。故甲只能请求"
            "乙按年利率14.8%支付利息，超出部分不予支持。",
            [law_id(LENDING_RULES, "第二十五条"), law_id(CIVIL_CODE, "第六百八十条")],
            Response(
                "部分支持。根据民间借贷司法解释第二十五条，约定利率超过合同成立时一年期LPR四倍的部"
                "分不予支持。"
                "3.70%×4=14.8%，甲可请求按年利率14.8%计算利息，超出14.8%的部分法院不予支持。",
                Retrieval(lead=1),
                JudgeMarks(
                    (4, 3, 4, 4, 4),
                    "结论与计算正确，援引司法解释第二十五条，但未提及民法典第六百八十条。",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 52),
            "刑事",
            "被告人丙盗窃他人财物价值4.2万元，案发后主动到公安机关投案并如实供述，且已全部退赃。"
            "当地执行的盗窃“数额巨大”"
            "标准为3万元。对丙应在何种法定刑幅度内量刑，有哪些量刑情节？",
            STATUTE_INSTRUCTION,
            "丙盗窃4.2万元，达到当地“数额巨大”标准（依据两高盗窃司法解释第一条），"
            "依《刑法》第二百六十四条应在三年以上"
            "十年以下有期徒刑幅度内量刑，并处罚金。丙犯罪后自动投案、如实供述，构成自首，"
            "依《刑法》第六十七条可以从轻"
            "或者减轻处罚；全部退赃可酌情从轻处罚。",
            [
                law_id(CRIMINAL_LAW, "第二百六十四条"),
                law_id(THEFT_INTERPRETATION, "第一条"),
                law_id(CRIMINAL_LAW, "第六十七条"),
            ],
            Response(
                "丙构成盗窃罪，属数额较大，应处三年以下有期徒刑、拘役或者管制，并处或者单处罚金。"
                "丙有自首情节，可以免除处罚。",
                Retrieval(keep=1, trail=1, extra=(wenshu_cases()[40].anhao,)),
                JudgeMarks(
                    (1, 2, 1, 1, 4),
                    "误将数额巨大认定为数额较大，法定刑幅度错误；自首可免除处罚的说法与参考答案不"
                    "符。",
                ),
            ),
        ),
        DemoTask(
            task_id(group, 100),
            "行政",
            "2023年5月8日，丁向某区住房和城乡建设委员会申请公开其所在片区的房屋征收补偿方案。"
            "该机关未经批准延长答复期限，"
            "直至2023年7月20日仍未作出答复。丁可以提起何种诉讼，法院通常如何判决？",
            STATUTE_INSTRUCTION,
            "丁可以就该机关不履行政府信息公开答复职责提起行政诉讼。"
            "依《政府信息公开条例》第三十三条，行政机关应当自收到申请"
            "之日起20个工作日内答复，延长须经批准并告知申请人且最长不超过20个工作日；"
            "该机关逾期未答复，构成不履行法定职责。"
            "依《行政诉讼法》第七十二条，法院查明被告不履行法定职责的，判决被告在一定期限内履行，"
            "即责令其限期答复。",
            [
                law_id(DISCLOSURE_REGULATION, "第三十三条"),
                law_id(ADMIN_LITIGATION_LAW, "第七十二条"),
            ],
            Response(
                "丁可以提起行政诉讼，要求确认该机关逾期不答复违法并责令其答复。"
                "根据《政府信息公开条例》第三十三条，行政机关应在"
                "20个工作日内答复，逾期未答复即为不履行法定职责；法院依《行政诉讼法》第七十二条判"
                "决其在一定期限内履行答复职责。",
                Retrieval(),
                JudgeMarks(
                    (4, 4, 4, 3, 4),
                    "结论、法条与适用均与参考答案一致，另提出确认违法的请求，略超出参考答案。",
                    shape="object",
                ),
            ),
        ),
    ]
