"""Civil decisions of the demo: private lending, road traffic accidents and labour disputes.
Each row holds the facts of one case; its features and text are derived from them."""

from __future__ import annotations

from bench.demo_data.wenshu import Body, Filing, person, yes

LENDING_LAW = (
    "《中华人民共和国民法典》第六百七十五条、第六百七十六条，《最高人民法院关于审理民间借贷案件适"
    "用法律若干问题的规定》第二十五条"
)
# (year, court, appeal, amount in yuan, written IOU, annual rate %, defendant appeared, outcome)
LENDING = (
    (2021, 0, False, 120000, True, 12.0, True, "全部支持"),
    (2021, 2, False, 300000, True, 15.4, False, "部分支持"),
    (2021, 3, False, 80000, False, 0.0, True, "驳回诉讼请求"),
    (2021, 4, False, 200000, True, 6.0, True, "全部支持"),
    (2022, 1, False, 1500000, True, 10.0, False, "全部支持"),
    (2022, 5, False, 45000, False, 0.0, False, "全部支持"),
    (2021, 6, False, 96000, False, 0.0, True, "部分支持"),
    (2022, 0, False, 260000, True, 8.0, True, "全部支持"),
    (2023, 2, False, 180000, True, 0.0, False, "全部支持"),
    (2023, 3, False, 30000, False, 0.0, True, "驳回诉讼请求"),
    (2021, 1, False, 520000, True, 13.0, True, "全部支持"),
    (2023, 4, False, 75000, False, 0.0, True, "部分支持"),
    (2022, 6, False, 110000, True, 9.6, True, "全部支持"),
    (2021, 5, False, 60000, False, 0.0, True, "部分支持"),
    (2022, 0, True, 400000, True, 18.0, True, "部分支持"),
    (2023, 3, True, 150000, False, 0.0, True, "驳回诉讼请求"),
)
# (year, court, appeal, liability, compulsory insurance, insurer sued, award in yuan, disability)
TRAFFIC = (
    (2021, 0, False, "全部责任", True, True, 186000, True),
    (2022, 2, False, "主要责任", True, True, 94000, False),
    (2021, 3, False, "同等责任", True, True, 52000, False),
    (2022, 4, False, "主要责任", False, False, 78000, True),
    (2023, 5, False, "全部责任", True, True, 243000, True),
    (2022, 1, True, "次要责任", True, True, 36000, False),
    (2023, 6, False, "主要责任", True, False, 61000, False),
    (2021, 2, False, "全部责任", True, True, 128000, False),
    (2023, 3, True, "主要责任", True, True, 310000, True),
    (2022, 0, False, "同等责任", False, False, 45000, False),
)
# (year, court, appeal, years worked, how the contract ended, unlawful termination, award in yuan)
LABOUR = (
    (2021, 0, False, 6, "用人单位单方解除", True, 86000),
    (2022, 2, True, 9, "用人单位单方解除", True, 124000),
    (2022, 3, False, 2, "协商解除", False, 12000),
    (2021, 4, True, 4, "用人单位单方解除", True, 65000),
    (2023, 1, False, 1, "劳动者主动辞职", False, 0),
    (2023, 2, True, 11, "用人单位单方解除", True, 152000),
    (2022, 5, False, 3, "劳动合同期满终止", False, 23000),
    (2021, 6, False, 1, "协商解除", False, 8000),
    (2023, 0, False, 7, "用人单位单方解除", True, 98000),
    (2022, 3, True, 5, "用人单位单方解除", False, 31000),
)


def lending() -> list[Filing]:
    filings = []
    for k, (year, court, appeal, amount, iou, rate, present, outcome) in enumerate(LENDING):
        lender, borrower = person(2 * k), person(2 * k + 1)
        proof = "借条" if iou else "银行转账凭证及微信聊天记录"
        judgment: tuple[str, ...]
        facts = (
            f"{year - 2}年{3 + k % 9}月，{borrower}因经营周转需要向{lender}借款{amount}元，"
            + ("并出具借条一张" if iou else "双方未签订书面借款合同，款项通过银行转账交付")
            + (f"，约定年利率{rate}%。" if rate else "，未约定利息。")
            + "借款到期后，经多次催要，借款人至今未予偿还。"
            + ("" if present else f"{borrower}经传票传唤无正当理由拒不到庭，本院依法缺席审理。")
        )
        if outcome == "全部支持":
            reasoning = (
                f"合法的借贷关系受法律保护。{proof}足以证明双方之间存在借贷关系，借款人未按约定期"
                "限返还借款，应承担还本付息的民事责任。"
            )
            judgment = (
                f"一、{borrower}于本判决生效之日起十日内偿还{lender}借款本金{amount}元及利息；",
                f"二、案件受理费由{borrower}负担。",
            )
        elif outcome == "部分支持":
            reasoning = (
                "借贷关系成立，但双方约定的利率超过合同成立时一年期贷款市场报价利率四倍，超过部分"
                "不予支持。"
                if rate > 14.6
                else (
                    "出借人主张的款项中部分系双方之间的货款往来，不能认定为借款，本院在有证据证明"
                    "的范围内予以支持。"
                )
            )
            judgment = (
                f"一、{borrower}于本判决生效之日起十日内偿还{lender}借款本金及相应利息；",
                f"二、驳回{lender}的其他诉讼请求。",
            )
        else:
            reasoning = (
                "当事人对自己提出的诉讼请求所依据的事实，有责任提供证据加以证明。出借人仅提交转账"
                "凭证，借款人抗辩该款项系偿还此前货款，出借人未能举证证明借贷合意，应承担举证不能"
                "的不利后果。"
            )
            judgment = (f"驳回{lender}的诉讼请求。",)
        features = (
            ("借款金额（元）", str(amount)),
            ("是否有书面借条", yes(iou)),
            ("是否约定利息", yes(rate > 0)),
            ("被告是否到庭", yes(present)),
            ("裁判结果", outcome),
        )
        body = Body(features, (lender, borrower), facts, reasoning, LENDING_LAW, judgment)
        withdrawn = appeal and outcome == "驳回诉讼请求"
        filings.append(Filing("民间借贷纠纷", "民", year, court, appeal, body, withdrawn))
    return filings


def traffic() -> list[Filing]:
    filings = []
    for k, (year, court, appeal, liability, insured, sued, award, disabled) in enumerate(TRAFFIC):
        victim, driver = person(40 + 2 * k), person(41 + 2 * k)
        insurer = (
            "中国人民财产保险股份有限公司" + ("北京市分公司", "深圳市分公司", "杭州市分公司")[k % 3]
        )
        facts = (
            f"{year - 1}年{2 + k % 10}月{5 + k}日，{driver}驾驶小型轿车与骑电动自行车的{victim}发"
            f"生碰撞，致{victim}受伤。"
            f"经公安机关交通管理部门认定，{driver}负事故{liability}。"
            + (
                f"肇事车辆在{insurer}投保了机动车交通事故责任强制保险。"
                if insured
                else "肇事车辆未投保机动车交通事故责任强制保险。"
            )
            + ("经司法鉴定，伤者构成十级伤残。" if disabled else "")
        )
        reasoning = (
            "机动车发生交通事故造成人身伤亡的，先由承保交强险的保险公司在责任限额范围内予以赔偿，"
            "不足部分按照各方过错比例承担。"
            if insured and sued
            else f"肇事车辆方应按照事故责任比例承担赔偿责任，{driver}应直接承担赔偿责任。"
        )
        payer = insurer if insured and sued else driver
        features = (
            ("事故责任认定", liability),
            ("是否投保交强险", yes(insured)),
            ("保险公司是否为共同被告", yes(sued)),
            ("赔偿总额（元）", str(award)),
            ("是否构成伤残", yes(disabled)),
        )
        statutes = (
            "《中华人民共和国民法典》第一千一百七十九条、第一千二百零八条、第一千二百一十三条，《"
            "中华人民共和国道路交通安全法》第七十六条"
        )
        judgment = (
            f"一、{payer}于本判决生效之日起十日内赔偿{victim}各项损失共计{award}元；",
            f"二、驳回{victim}的其他诉讼请求。",
        )
        body = Body(features, (victim, driver), facts, reasoning, statutes, judgment)
        filings.append(Filing("机动车交通事故责任纠纷", "民", year, court, appeal, body))
    return filings


def labour() -> list[Filing]:
    filings = []
    for k, (year, court, appeal, years, ending, unlawful, award) in enumerate(LABOUR):
        worker = person(70 + k)
        employer = (
            "北京星途科技有限公司",
            "上海浦江物流有限公司",
            "深圳市华拓电子有限公司",
            "杭州云栖网络科技有限公司",
            "南京金陵餐饮管理有限公司",
        )[k % 5]
        facts = (
            f"{worker}于{year - years - 1}年入职{employer}，双方签订了劳动合同，工作年限约{years}"
            f"年。劳动关系的结束方式为{ending}。"
        )
        if unlawful:
            reasoning = (
                "用人单位以劳动者严重违反规章制度为由解除劳动合同，但未能提供经民主程序制定并向劳"
                "动者公示的规章制度，其解除行为违法，应当支付违法解除劳动合同赔偿金。"
            )
            statutes = "《中华人民共和国劳动合同法》第三十九条、第四十七条、第四十八条、第八十七条"
        else:
            reasoning = (
                "劳动合同的解除或终止符合法律规定，劳动者主张违法解除赔偿金缺乏依据，本院不予支持"
                "；用人单位依法应支付的经济补偿，本院予以确认。"
            )
            statutes = "《中华人民共和国劳动合同法》第四十条、第四十六条、第四十七条"
        features = (
            ("工作年限（年）", str(years)),
            ("解除方式", ending),
            ("是否违法解除", yes(unlawful)),
            ("是否支持赔偿金", yes(unlawful)),
            ("判决给付金额（元）", str(award)),
        )
        judgment = (
            f"一、{employer}于本判决生效之日起十日内向{worker}支付{award}元；",
            f"二、驳回{worker}的其他诉讼请求。",
        )
        parties = (employer, worker) if appeal else (worker, employer)
        body = Body(features, parties, facts, reasoning, statutes, judgment)
        filings.append(Filing("劳动争议", "民", year, court, appeal, body))
    return filings
