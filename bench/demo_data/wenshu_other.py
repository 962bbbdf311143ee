"""Other decisions of the demo: sale contracts, divorce and government-information disclosure."""

from __future__ import annotations

from bench.demo_data.wenshu import Body, Filing, person, yes

# (year, court, appeal, unpaid price in yuan, liquidated damages agreed, outcome)
SALE = (
    (2021, 2, False, 386000, True, "全部支持"),
    (2022, 3, False, 1240000, True, "部分支持"),
    (2022, 5, False, 57800, False, "全部支持"),
    (2023, 0, True, 692000, True, "部分支持"),
    (2023, 4, False, 218500, False, "全部支持"),
)
# (year, court, divorce granted, minor children, first suit)
DIVORCE = ((2021, 1, False, True, True), (2022, 4, True, True, False), (2023, 6, True, False, True))


def sale() -> list[Filing]:
    filings = []
    for k, (year, court, appeal, unpaid, penalty, outcome) in enumerate(SALE):
        seller = (
            "江苏恒泰钢材贸易有限公司",
            "浙江瑞丰纺织品有限公司",
            "成都蜀川建材有限公司",
            "深圳市鹏达电子元件有限公司",
            "上海申康医疗器械有限公司",
        )[k]
        buyer = (
            "南京宏业建设工程有限公司",
            "杭州锦华服饰有限公司",
            "四川天府装饰工程有限公司",
            "东莞市联创科技有限公司",
            "北京康宁诊所有限公司",
        )[k]
        facts = (
            f"双方签订《购销合同》，约定由{seller}向{buyer}供货，{buyer}收货后九十日内付清货款。{seller}"
            f"依约交付货物后，{buyer}尚欠货款{unpaid}元未付。"
            + ("合同约定逾期付款按日万分之五支付违约金。" if penalty else "")
        )
        reasoning = (
            "双方之间的买卖合同系真实意思表示，合法有效。买受人未按约定支付价款，应承担继续履行及"
            "赔偿损失等违约责任。"
            + (
                "约定的违约金过分高于造成的损失，本院依请求予以适当减少。"
                if outcome == "部分支持"
                else ""
            )
        )
        features = (
            ("拖欠货款（元）", str(unpaid)),
            ("是否约定违约金", yes(penalty)),
            ("裁判结果", outcome),
        )
        statutes = "《中华人民共和国民法典》第五百七十七条、第五百八十五条、第六百二十六条"
        judgment = (
            f"一、{buyer}于本判决生效之日起十日内支付{seller}货款{unpaid}元及逾期付款违约金；",
            f"二、驳回{seller}的其他诉讼请求。",
        )
        body = Body(features, (seller, buyer), facts, reasoning, statutes, judgment)
        filings.append(Filing("买卖合同纠纷", "民", year, court, appeal, body))
    return filings


def divorce() -> list[Filing]:
    filings = []
    for k, (year, court, granted, children, first_suit) in enumerate(DIVORCE):
        wife, husband = person(90 + 2 * k), person(91 + 2 * k)
        facts = (
            f"双方经人介绍相识，于{year - 9 + k}年登记结婚。"
            + ("婚后育有一子，现年八岁。" if children else "婚后未生育子女。")
            + (
                "原告系第一次起诉离婚。"
                if first_suit
                else "原告曾于一年前起诉离婚被判决驳回，此后双方分居至今。"
            )
        )
        reasoning = (
            "经本院判决不准离婚后，双方又分居满一年，应当准予离婚。"
            if granted
            else (
                "双方系自主婚姻，婚后感情尚可，虽因家庭琐事产生矛盾，但夫妻感情尚未完全破裂，仍有"
                "和好可能。"
            )
        )
        features = (
            ("是否准予离婚", yes(granted)),
            ("是否有未成年子女", yes(children)),
            ("是否首次起诉离婚", yes(first_suit)),
        )
        judgment = (
            (f"准予原告{wife}与被告{husband}离婚。",)
            if granted
            else (f"不准原告{wife}与被告{husband}离婚。",)
        )
        body = Body(
            features,
            (wife, husband),
            facts,
            reasoning,
            "《中华人民共和国民法典》第一千零七十九条",
            judgment,
        )
        filings.append(Filing("离婚纠纷", "民", year, court, False, body))
    return filings


# (year, court, agency, days to reply, outcome)
DISCLOSURE = (
    (2022, 0, "北京市朝阳区住房和城乡建设委员会", 35, "确认违法并责令答复"),
    (2023, 4, "杭州市西湖区自然资源和规划局", 18, "驳回诉讼请求"),
)


def disclosure() -> list[Filing]:
    filings = []
    for k, (year, court, agency, days, outcome) in enumerate(DISCLOSURE):
        applicant = person(100 + k)
        late = days > 20
        facts = (
            f"{year - 1}年{4 + k}月，{applicant}向{agency}提出政府信息公开申请，"
            f"要求公开其所在片区房屋征收补偿方案及相关批复文件。{agency}于收到申请后第{days}个"
            "工作日作出答复。"
        )
        reasoning = (
            "行政机关应当自收到申请之日起二十个工作日内予以答复，被告未经批准延长答复期限，"
            "逾期答复违反法定程序。"
            if late
            else "被告在法定期限内作出答复，答复内容及告知的获取途径并无不当，原告的诉讼请求"
            "缺乏事实和法律依据。"
        )
        statutes = "《中华人民共和国政府信息公开条例》第三十三条，《中华人民共和国行政诉讼法》" + (
            "第七十二条、第七十四条" if late else "第六十九条"
        )
        judgment = (
            (f"一、确认{agency}逾期答复的行为违法；", f"二、责令{agency}在十五日内重新作出答复。")
            if late
            else (f"驳回原告{applicant}的诉讼请求。",)
        )
        features = (("被告行政机关", agency), ("是否逾期答复", yes(late)), ("裁判结果", outcome))
        body = Body(features, (applicant, agency), facts, reasoning, statutes, judgment)
        filings.append(Filing("政府信息公开", "行", year, court, False, body))
    return filings
