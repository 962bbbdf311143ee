"""Scientific articles (science/articles.jsonl): the topics' primary studies and unrelated papers."""

from __future__ import annotations

from functools import cache
from typing import Any

from bench.demo_data.datafiles import Study, Topic, science_topics

SURNAMES = (
    "Okonkwo",
    "Lindqvist",
    "Tanaka",
    "Moreau",
    "Haddad",
    "Kowalczyk",
    "Ferreira",
    "Nguyen",
    "Osei",
    "Schmidt",
    "Rahman",
    "Castillo",
    "Ivanova",
    "Mensah",
    "Patel",
    "O'Brien",
    "Zhang",
    "Alvarez",
    "Kim",
    "Novak",
)
LIMITATIONS = (
    "residual confounding",
    "the single-country setting",
    "the modest sample size",
    "outcome misclassification",
)
OTHER_TITLES = (
    "Vitamin D supplementation and fracture risk in community-dwelling older adults",
    "Sleep duration and cognitive decline: a 10-year cohort study",
    "Air pollution exposure and asthma exacerbations in urban children",
    "Exercise training for heart failure with preserved ejection fraction",
    "Mediterranean diet and incident cardiovascular disease in a Spanish cohort",
    "Antibiotic prophylaxis before dental extraction in patients with prosthetic joints",
    "Smartphone use and myopia progression in schoolchildren",
    "Proton pump inhibitors and risk of chronic kidney disease",
    "Early mobilisation after hip fracture surgery: a randomised trial",
    "Iron supplementation in pregnancy and birth weight",
    "Screen time and depressive symptoms in adolescents",
    "Probiotics for prevention of antibiotic-associated diarrhoea in children",
    "Telehealth follow-up after discharge for chronic obstructive pulmonary disease",
    "Metformin and cancer incidence in type 2 diabetes: a cohort study",
    "Hand hygiene compliance and hospital-acquired infection rates",
    "Tranexamic acid in total knee arthroplasty: blood loss outcomes",
    "Salt substitutes and blood pressure in rural India",
    "Night-shift work and breast cancer risk among nurses",
    "Music therapy for postoperative pain after cardiac surgery",
    "Influenza vaccination and cardiovascular events in older adults",
    "HPV self-sampling for cervical screening uptake",
    "Dual antiplatelet therapy duration after drug-eluting stents",
    "Green space exposure and mental health in urban adults",
    "Breastfeeding duration and childhood obesity",
    "Cognitive behavioural therapy for insomnia delivered online",
    "Zinc supplementation for childhood diarrhoea in Bangladesh",
    "Intermittent fasting and weight loss: a randomised trial",
    "Fluoride varnish for caries prevention in preschool children",
    "Ultraprocessed food intake and all-cause mortality",
    "Low-dose aspirin for preeclampsia prevention in high-risk pregnancies",
)


def _authors(i: int) -> list[str]:
    count = 3 + i % 4
    return [
        f"{SURNAMES[(i * 7 + k * 3) % len(SURNAMES)]} {chr(65 + (i + k) % 26)}"
        for k in range(count)
    ]


def _sections(i: int, topic: Topic, study: Study) -> list[dict[str, str]]:
    participants = f"A total of {study.n:,} participants were analysed. " if study.n else ""
    return [
        {
            "heading": "Introduction",
            "text": f"{topic.background} This study examined "
            f"{topic.population} in {study.country}, a setting where evidence has been limited.",
        },
        {
            "heading": "Methods",
            "text": f"We conducted a {study.design} in {study.country} between "
            f"{study.year - 3} and {study.year - 1}. Eligible participants were {topic.population}"
            ". "
            f"The primary outcome was {topic.measure}. Data were collected by trained staff using "
            "standardised forms, and analyses were prespecified. Two-sided P values below 0.05 "
            "were "
            "considered significant. The protocol was approved by the institutional ethics "
            "committee "
            "and all participants or guardians gave informed consent.",
        },
        {
            "heading": "Results",
            "text": f"{participants}{study.finding} Loss to follow-up was "
            f"{2 + i % 7}% and baseline characteristics were balanced across comparison groups.",
        },
        {
            "heading": "Discussion",
            "text": f"In this {study.design} from {study.country}, the "
            "findings add to a growing body of evidence on the question. They should be "
            "interpreted "
            f"in light of {LIMITATIONS[i % len(LIMITATIONS)]}. Further research in diverse "
            "populations and health systems is warranted before firm recommendations are made.",
        },
    ]


def _record(i: int, topic: Topic, study: Study) -> dict[str, Any]:
    return {
        "ID": article_id(i),
        "pmid": str(27_000_000 + (i * 1_046_527) % 9_000_000),
        "title": study.title,
        "abstract": f"Background: {topic.background.split('. ')[0]}. Methods: {study.design} in "
        f"{study.country}; outcome: {topic.measure}. Results: {study.finding}",
        "authors": _authors(i),
        "journal": topic.journal,
        "doi": f"10.{1000 + (i * 37) % 9000}/demo.{study.year}.{1000 + i:05d}",
        "year": study.year,
        "sections": _sections(i, topic, study),
        "pmc_id": f"PMC{6_500_000 + i * 48_611}",
    }


def article_id(index: int) -> str:
    """The corpus ID of the article at this position."""
    return f"art-{1001 + index:05d}"


@cache
def _entries() -> tuple[tuple[Topic, Study], ...]:
    """Every article's topic and study, in corpus order; unrelated papers share a topic."""
    entries = [(topic, study) for topic in science_topics() for study in topic.studies]
    general = Topic(
        "other",
        "Observational and trial evidence informs clinical guidelines.",
        "adults and children in routine care",
        "the prespecified primary outcome",
        "PLOS Medicine",
        (),
    )
    for k, title in enumerate(OTHER_TITLES):
        finding = (
            "The primary outcome differed modestly between groups."
            if k % 2
            else ("No statistically significant difference in the primary outcome was observed.")
        )
        entries.append(
            (
                general,
                Study(
                    title,
                    ("Sweden", "Brazil", "Korea", "Ghana")[k % 4],
                    2015 + k % 9,
                    "cohort study",
                    800 + 97 * k,
                    finding,
                    False,
                ),
            )
        )
    return tuple(entries)


def articles() -> list[dict[str, Any]]:
    """All corpus records in order."""
    return [_record(i, topic, study) for i, (topic, study) in enumerate(_entries())]


def included_ids(topic_key: str) -> list[str]:
    """The IDs of a topic's included studies: a task's gold evidence."""
    return [
        article_id(i)
        for i, (topic, study) in enumerate(_entries())
        if topic.key == topic_key and study.included
    ]


def topic_ids(topic_key: str) -> list[str]:
    """The IDs of every article of a topic, included or not."""
    return [article_id(i) for i, (topic, _) in enumerate(_entries()) if topic.key == topic_key]
