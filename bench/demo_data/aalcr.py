"""The AA-LCR demo's files: `AA-LCR_Dataset.csv` (with pandas' unnamed index column) and its
extracted-text folder, a run and its recorded v1.1 verdicts.

Layout under the demo root: `aalcr/AA-LCR_Dataset.csv`, `aalcr/lcr/<category>/<set>/<file>.txt`
(`aalcr_documents`), `runs/demo-system.jsonl` ({question_id, answer}) and
`runs/demo-system.judge.jsonl` ({question_id, dataset_version, reply, model}). Six questions
over two document sets: three verdicts CORRECT, two INCORRECT, one hedged "PARTIALLY CORRECT"
(a parse failure, never CORRECT).
"""

from __future__ import annotations

import csv
import io
from pathlib import Path
from typing import Any

from bench.demo_data.aalcr_documents import COMPANY, CONSULTATION, DOCUMENTS
from bench.demo_data.storage import DEMO_RUN, write_jsonl

DATASET_VERSION = "1.1"
JUDGE_MODEL = "gpt-5.6-luna"
COLUMNS = ("", "document_category", "document_set_id", "question_id", "question", "answer",
           "data_source_filenames", "data_source_urls", "input_tokens")
URL = "https://docs.example.org/aa-lcr-demo/"

# (set, question id, question, answer, listed files, run answer, judge reply)
QUESTIONS: list[tuple[tuple[str, str], int, str, str, list[str], str, str]] = [
    (COMPANY, 1, "What share of group revenue did Contract Logistics contribute in Q1 2024, "
     "and in FY2023? Give both as percentages to one decimal place.",
     "64.2% in Q1 2024; 63.2% in FY2023",
     ["Northwind_Annual_Report_2023", "Northwind_Q1_2024_Results"],
     "Contract Logistics was 64.2% of group revenue in Q1 2024, up from 63.2% in FY2023.",
     '{"verdict": "CORRECT"}'),
    (COMPANY, 2, "If 2024 automation capex is as guided at the investor day, by how much does "
     "it exceed 2023's spend on warehouse automation, in GBP million?", "13.5",
     ["Northwind_Investor_Day_2024", "Northwind_Annual_Report_2023"],
     "GBP 55 million.", '{"verdict": "INCORRECT"}'),
    (COMPANY, 3, "How many employees did Northwind add between 31 December 2022 and the end "
     "of Q1 2024?", "785",
     ["Northwind_Annual_Report_2023", "Northwind_Q1_2024_Results",
      "Northwind_Investor_Day_2024"],
     "Roughly 785, though it is 243 if you count from the end of 2023.",
     '{"verdict": "PARTIALLY CORRECT"}'),
    (CONSULTATION, 4, "How many months passed between the close of the metering consultation "
     "and the publication of the government response?", "12",
     ["Water_Metering_Consultation_2023", "Water_Metering_Response_Summary_2024"],
     "One year: it closed in June 2023 and the response came in June 2024.",
     '```json\n{"verdict": "CORRECT"}\n```'),
    (CONSULTATION, 5, "If support for a social tariff was the same across respondent types, "
     "about how many individuals supported it?", "548",
     ["Water_Metering_Response_Summary_2024"], "About 548 individuals.",
     '{"verdict": "CORRECT"}'),
    (CONSULTATION, 6, "What share of households in England were not metered when the "
     "consultation was published?\nAnd what share of respondents opposed installation charges?",
     "42%; 83%", ["Water_Metering_Consultation_2023", "Water_Metering_Response_Summary_2024"],
     "58% and 83%.", '{"verdict": "INCORRECT"}'),
]


def dataset_csv() -> str:
    """The CSV as pandas writes it: an unnamed index column first, quoted where needed."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    for index, ((category, set_id), qid, question, answer, files, _, _) in enumerate(QUESTIONS):
        words = sum(len(DOCUMENTS[(category, set_id)][f].split()) for f in files)
        writer.writerow([index, category, set_id, qid, question, answer, ";".join(files),
                         ";".join(URL + f for f in files), round(words * 1.3)])
    return out.getvalue()


def run_records() -> list[dict[str, Any]]:
    return [{"question_id": qid, "answer": answer} for _, qid, _, _, _, answer, _ in QUESTIONS]


def judge_records() -> list[dict[str, Any]]:
    return [{"question_id": qid, "dataset_version": DATASET_VERSION, "reply": reply,
             "model": JUDGE_MODEL} for _, qid, _, _, _, _, reply in QUESTIONS]


def write(root: Path) -> None:
    """Every file of the demo under `root`."""
    data_dir = root / "aalcr"
    data_dir.mkdir(parents=True)
    (data_dir / "AA-LCR_Dataset.csv").write_text(dataset_csv(), encoding="utf-8", newline="")
    for (category, set_id), documents in DOCUMENTS.items():
        folder = data_dir / "lcr" / category / set_id
        folder.mkdir(parents=True)
        for name, text in documents.items():
            (folder / f"{name}.txt").write_text(text, encoding="utf-8", newline="\n")
    write_jsonl(root / "runs" / f"{DEMO_RUN}.jsonl", run_records())
    write_jsonl(root / "runs" / f"{DEMO_RUN}.judge.jsonl", judge_records())
