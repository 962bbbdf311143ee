"""ANSER-Bench groups: forms by question number, evidence key spaces and metric columns.

The tables here are DESIGN section 4 written as data; every other module asks them.
"""

from __future__ import annotations

from functools import cache

from anser_tui.benchmarks.evidence import EvidenceSpace
from anser_tui.core.value import Value
from anser_tui.workspace.rubric import Aggregate, Criterion, CriterionKind, Rubric
from anser_tui.workspace.tasks import Form

# Metric names exactly as DESIGN section 4 spells them.
MAE = "MAE"
ACC10 = "Accuracy@10%"
SMAPE = "SMAPE"
ACCURACY = "Accuracy"
RELATION_ACCURACY = "Relation Accuracy"
MAE_LOG_OR = "MAE(log OR)"
MAE_MEDIAN_DIFF = "MAE(median difference)"
RULE_ACCURACY = "Rule Accuracy"
TOKEN_F1 = "Token-F1"
BERTSCORE_F1 = "BERTScore-F1"
LLM_JUDGE = "LLM Judge"
SET_P, SET_R, SET_F1 = "Set Precision", "Set Recall", "Set F1"
RECALL_5, PRECISION_5, R_PRECISION, MRR = "Recall@5", "Precision@5", "R-Precision", "MRR"
LATENCY, TOKEN_USAGE = "Latency", "Token Usage"
EFFICIENCY = (LATENCY, TOKEN_USAGE)
SET_METRICS = (SET_P, SET_R, SET_F1)


WENSHU = EvidenceSpace("legal_wenshu", "anhao", "legal/zh/legal_wenshu.db")
LAW_CORPUS = EvidenceSpace("law_corpus", "id", "legal/zh/law_corpus.jsonl")
LEGAL_CASES = EvidenceSpace("legal_cases", "cluster_id", "legal/en/legal_cases.db")
PRECEDENTS = EvidenceSpace("precedents", "docid", "legal/en/precedents.sqlite")
REPORTS_ZH = EvidenceSpace("finance_reports_zh", "report_id", "finance/zh/finance_reports.sqlite")
COMPANIES_ZH = EvidenceSpace(
    "finance_companies_zh", "stock_code", "finance/zh/finance_reports.sqlite"
)
REG_RULES = EvidenceSpace("regulatory_rules", "law_item", "finance/zh/regulatory_rules.jsonl")
FILINGS_EN = EvidenceSpace("finance_reports_en", "accession", "finance/en/finance_reports.sqlite")
COMPANIES_EN = EvidenceSpace("finance_companies_en", "cik", "finance/en/finance_reports.sqlite")
AUDIT = EvidenceSpace("audit_rules", "fact_id", "finance/en/audit_rules.sqlite")
CFR_217 = EvidenceSpace("cfr_217", "paragraph_id", "finance/en/12_CFR_Part_217.sqlite")
ARTICLES = EvidenceSpace("articles", "ID", "science/articles.jsonl")

EVIDENCE_SPACES = (
    WENSHU, LAW_CORPUS, LEGAL_CASES, PRECEDENTS, REPORTS_ZH, COMPANIES_ZH, REG_RULES,
    FILINGS_EN, COMPANIES_EN, AUDIT, CFR_217, ARTICLES,
)


class FormRange(Value):
    """Questions `first`-`last` of a group: their form, metrics, evidence space and rubric."""

    first: int
    last: int
    form: Form
    answer_metrics: tuple[str, ...]
    evidence: EvidenceSpace
    evidence_metrics: tuple[str, ...]
    rubric: str | None = None


class GroupSpec(Value):
    """One of ANSER-Bench's groups (domain, language, objective): its file and its ranges."""

    name: str
    domain: str
    lang: str
    objective: str
    file: str
    ranges: tuple[FormRange, ...]

    def range_for(self, number: int | None, form: Form | None = None) -> FormRange | None:
        """The range a task falls in: by its `form` field where given, else by its number."""
        if form is not None:
            matches = self.ranges_of(form)
            if not matches:
                return None
            if len(matches) == 1 or number is None:
                return matches[0]
            return next((r for r in matches if r.first <= number <= r.last), matches[0])
        if len(self.ranges) == 1:
            return self.ranges[0]
        if number is None:
            return None
        return next((r for r in self.ranges if r.first <= number <= r.last), None)

    def ranges_of(self, form: Form) -> list[FormRange]:
        """The group's ranges of `form`, in question order (none: the group has no such form)."""
        return [r for r in self.ranges if r.form is form]

    def spec_for(self, form: Form) -> FormRange:
        return next(iter(self.ranges_of(form)))

    @property
    def forms(self) -> tuple[Form, ...]:
        return tuple(dict.fromkeys(r.form for r in self.ranges))

    @property
    def metric_columns(self) -> tuple[str, ...]:
        """All of the group's metric columns, in DESIGN order: answer, evidence, efficiency."""
        answer = [m for r in self.ranges for m in r.answer_metrics]
        evidence = [m for r in self.ranges for m in r.evidence_metrics]
        return tuple(dict.fromkeys([*answer, *evidence, *EFFICIENCY]))


ANY = 10**9
STAT = (MAE, ACC10)
SHORT = (BERTSCORE_F1, LLM_JUDGE)
TOP5 = (RECALL_5, PRECISION_5)


def _single(form: Form, answer: tuple[str, ...], ev: EvidenceSpace, ev_metrics: tuple[str, ...],
            rubric: str | None = None) -> tuple[FormRange, ...]:
    return (FormRange(1, ANY, form, answer, ev, ev_metrics, rubric),)


GROUPS: tuple[GroupSpec, ...] = (
    GroupSpec("legal_zh_descriptive", "legal", "zh", "descriptive", "legal/zh/descriptive.json",
              _single(Form.STATISTIC, STAT, WENSHU, SET_METRICS)),
    GroupSpec("legal_zh_predictive", "legal", "zh", "predictive", "legal/zh/predictive.json",
              _single(Form.STRUCTURED, (RELATION_ACCURACY, MAE_LOG_OR, MAE_MEDIAN_DIFF), WENSHU,
                      SET_METRICS)),
    GroupSpec("legal_zh_prescriptive", "legal", "zh", "prescriptive",
              "legal/zh/prescriptive.json",
              _single(Form.SHORT, SHORT, LAW_CORPUS, (RECALL_5, R_PRECISION),
                      "legal_prescriptive_zh")),
    GroupSpec("legal_en_descriptive", "legal", "en", "descriptive", "legal/en/descriptive.json",
              _single(Form.STATISTIC, STAT, LEGAL_CASES, SET_METRICS)),
    GroupSpec("legal_en_predictive", "legal", "en", "predictive", "legal/en/predictive.json",
              _single(Form.STRUCTURED, (RELATION_ACCURACY, MAE_LOG_OR), LEGAL_CASES,
                      SET_METRICS)),
    GroupSpec("legal_en_prescriptive", "legal", "en", "prescriptive",
              "legal/en/prescriptive.json",
              _single(Form.SHORT, SHORT, PRECEDENTS, (RECALL_5, MRR), "legal_prescriptive_en")),
    GroupSpec("finance_zh_descriptive", "finance", "zh", "descriptive",
              "finance/zh/descriptive.json", (
                  FormRange(1, 12, Form.NUMERIC, (SMAPE,), REPORTS_ZH, TOP5),
                  FormRange(13, 103, Form.CHOICE, (ACCURACY,), REPORTS_ZH, TOP5),
                  FormRange(104, 200, Form.SHORT, SHORT, REPORTS_ZH, TOP5, "finance_dp_zh"),
                  FormRange(201, 300, Form.STATISTIC, STAT, COMPANIES_ZH, SET_METRICS),
              )),
    GroupSpec("finance_zh_predictive", "finance", "zh", "predictive",
              "finance/zh/predictive.json", (
                  FormRange(1, 60, Form.CHOICE, (ACCURACY,), REPORTS_ZH, TOP5),
                  FormRange(61, 88, Form.NUMERIC, (SMAPE,), REPORTS_ZH, TOP5),
                  FormRange(89, 100, Form.CHOICE, (ACCURACY,), REPORTS_ZH, TOP5),
                  FormRange(101, 200, Form.SHORT, SHORT, REPORTS_ZH, TOP5, "finance_dp_zh"),
              )),
    GroupSpec("finance_zh_prescriptive", "finance", "zh", "prescriptive",
              "finance/zh/prescriptive.json",
              _single(Form.SHORT, SHORT, REG_RULES, (RECALL_5, R_PRECISION),
                      "finance_prescriptive_zh")),
    GroupSpec("finance_en_descriptive", "finance", "en", "descriptive",
              "finance/en/descriptive.json", (
                  FormRange(1, 47, Form.NUMERIC, (SMAPE,), FILINGS_EN, TOP5),
                  FormRange(48, 99, Form.CHOICE, (ACCURACY,), FILINGS_EN, TOP5),
                  FormRange(100, 200, Form.SHORT, SHORT, FILINGS_EN, TOP5, "finance_dp_en"),
                  FormRange(201, 300, Form.STATISTIC, STAT, COMPANIES_EN, SET_METRICS),
              )),
    GroupSpec("finance_en_predictive", "finance", "en", "predictive",
              "finance/en/predictive.json", (
                  FormRange(1, 60, Form.NUMERIC, (SMAPE,), FILINGS_EN, TOP5),
                  FormRange(61, 120, Form.CHOICE, (ACCURACY,), FILINGS_EN, TOP5),
                  FormRange(121, 200, Form.SHORT, SHORT, FILINGS_EN, TOP5, "finance_dp_en"),
              )),
    GroupSpec("finance_en_prescriptive", "finance", "en", "prescriptive",
              "finance/en/prescriptive.json", (
                  FormRange(1, 200, Form.SHORT, SHORT, CFR_217, (RECALL_5, R_PRECISION),
                            "regbench_en"),
                  FormRange(201, 300, Form.STRUCTURED, (RULE_ACCURACY, SMAPE), AUDIT,
                            (RECALL_5, R_PRECISION)),
              )),
    GroupSpec("science_en_descriptive", "science", "en", "descriptive",
              "science/descriptive.json",
              _single(Form.SHORT, (TOKEN_F1, *SHORT), ARTICLES, TOP5, "science_en")),
    GroupSpec("science_en_predictive", "science", "en", "predictive", "science/predictive.json",
              _single(Form.SHORT, (TOKEN_F1, *SHORT), ARTICLES, TOP5, "science_en")),
)

GROUPS_BY_NAME = {g.name: g for g in GROUPS}


def _rubric(rid: str, label: str, *dims: tuple[str, str, float]) -> Rubric:
    """The prompts ask for `score_0_100`, the weighted sum, as an integer: a human's too.
    Constructed without validation (the values are typed here; a test validates each): the
    review screen's start-up then builds no pydantic validator."""
    return Rubric.model_construct(
        id=rid, label=label, decimals=0, aggregate=Aggregate.WEIGHTED_0_100,
        criteria=tuple(Criterion.model_construct(key=k, label=lab, weight=float(w),
                                                 kind=CriterionKind.SCALE_0_4,
                                                 category=None, description=None)
                       for k, lab, w in dims))


_CONCLUSION = ("conclusion", "Conclusion", 0.40)
_FORMAT = ("format", "Format", 0.05)
RUBRICS: dict[str, Rubric] = {r.id: r for r in (
    _rubric("legal_prescriptive_zh", "Legal prescriptive (zh)", _CONCLUSION,
            ("rule_citation", "Rule citation", 0.25),
            ("rule_application", "Rule application", 0.20),
            ("ground_truth_consistency", "GT consistency", 0.10), _FORMAT),
    _rubric("legal_prescriptive_en", "Legal prescriptive (en)", _CONCLUSION,
            ("precedent", "Precedent", 0.25), ("application", "Application", 0.20),
            ("ground_truth_consistency", "GT consistency", 0.10), _FORMAT),
    *(_rubric(f"finance_dp_{lang}", f"Finance descriptive/predictive ({lang})", _CONCLUSION,
              ("fact_coverage", "Fact coverage", 0.25),
              ("ground_truth_consistency", "GT consistency", 0.20),
              ("no_hallucination", "No hallucination", 0.10), _FORMAT)
      for lang in ("zh", "en")),
    _rubric("finance_prescriptive_zh", "Finance prescriptive (zh)", _CONCLUSION,
            ("rule_citation", "Rule citation", 0.25),
            ("rule_application", "Rule application", 0.20),
            ("uncertainty", "Uncertainty", 0.10), _FORMAT),
    _rubric("regbench_en", "RegBench (en)", ("conclusion", "Conclusion", 0.35),
            ("rule_citation", "Rule citation", 0.25), ("calculation", "Calculation", 0.25),
            ("conditions", "Conditions", 0.10), _FORMAT),
    _rubric("science_en", "Science", ("conclusion", "Conclusion", 0.45),
            ("coverage", "Coverage", 0.25),
            ("ground_truth_consistency", "GT consistency", 0.20),
            ("format", "Format", 0.10)),
)}


def form_spec(group: str, form: Form | str, number: int | None = None) -> FormRange:
    """The range of `group` that scores `form` (by number where a form spans two ranges)."""
    spec = GROUPS_BY_NAME[group]
    found = spec.range_for(number, Form(form))
    if found is None:
        raise KeyError(f"{group} has no form {form}")
    return found


def rubric_for(group: str, form: Form | str, number: int | None = None) -> Rubric | None:
    """The judge rubric of a task, or None where the LLM judge does not score its form."""
    rid = form_spec(group, form, number).rubric
    return RUBRICS[rid] if rid else None


def judged_task(group: str, form: Form, number: int | None) -> bool:
    """Whether the LLM judge scores a task: `rubric_for(...) is not None`, told by the group's
    form alone where every range of that form agrees (a queue asks it for each of its tasks,
    918 at a full-scale resume)."""
    every = _judged_every(group, form)
    return every if every is not None else rubric_for(group, form, number) is not None


@cache
def _judged_every(group: str, form: Form) -> bool | None:
    """True or False where the judge scores all or none of `group`'s tasks of `form`; None
    where that depends on the task's number (or the group has no such form: `rubric_for` then
    says so)."""
    told = {bool(r.rubric) for r in GROUPS_BY_NAME[group].ranges_of(form)}
    return told.pop() if len(told) == 1 else None


def form_metrics(group: str, form: Form) -> tuple[str, ...]:
    """The answer and evidence metrics a (group, form) row scores (here, not in `report`:
    the review screen asks for them without loading the scorers)."""
    ranges = GROUPS_BY_NAME[group].ranges_of(form)
    return tuple(dict.fromkeys(n for r in ranges for n in (*r.answer_metrics,
                                                             *r.evidence_metrics)))
