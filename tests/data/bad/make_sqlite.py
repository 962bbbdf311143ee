"""Writes the SQLite inputs of the bad-input suite (run once; the files are committed).

    python tests/data/bad/make_sqlite.py

Each is small and says in its name what is wrong with it; cases.toml says what a user should
see.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

HERE = Path(__file__).parent / "corpus"

CFR = "CREATE TABLE paragraphs (paragraph_id TEXT PRIMARY KEY, section, heading, text);"


def _db(path: Path, script: str, rows: list[tuple[str, tuple[object, ...]]],
        wal: bool = False) -> Path:
    path.unlink(missing_ok=True)
    conn = sqlite3.connect(path)
    if wal:
        conn.execute("PRAGMA journal_mode=WAL")
    conn.executescript(script)
    for table, values in rows:
        conn.execute(f"INSERT INTO {table} VALUES ({', '.join('?' * len(values))})", values)
    conn.commit()
    if wal:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    conn.close()
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


def main() -> None:
    HERE.mkdir(exist_ok=True)
    # a 12 CFR file cut off after its first pages, as an interrupted download leaves it
    cfr = _db(HERE / "cfr-truncated.sqlite", CFR + "CREATE INDEX by_heading ON paragraphs(heading);",
              [("paragraphs", (f"217.{i}(a)", f"217.{i}", f"Heading {i}", "text " * 200))
               for i in range(60)])
    cfr.write_bytes(cfr.read_bytes()[:4096 * 3])
    # the precedents under another table and key: nothing names a docid
    _db(HERE / "precedents-missing-table.sqlite",
        "CREATE TABLE docs (doc_key TEXT, body TEXT);", [("docs", ("P-001", "Smith v. Jones"))])
    # a text file saved under the corpus's name
    (HERE / "audit-not-sqlite.sqlite").write_text("fact_id,value\nF-1,-1200\n", encoding="utf-8")
    # an empty file (SQLite would open it as an empty database)
    (HERE / "wenshu-empty.db").write_bytes(b"")
    # only the 100-byte header of a Chinese finance database
    header = _db(HERE / "reports-zh-header-only.sqlite",
                 "CREATE TABLE reports (report_id TEXT PRIMARY KEY, title);",
                 [("reports", ("r1", "贵州茅台2023年年度报告"))])
    header.write_bytes(header.read_bytes()[:100])
    # accepted: real Chinese case numbers use full-width brackets
    _db(HERE / "wenshu-fullwidth.db", """
        CREATE TABLE cases (anhao TEXT PRIMARY KEY, anyou, wenshuleixing, fayuanmingcheng,
                            caipanriqi, shenpanchengxu, wenshu_content);
        CREATE TABLE case_features (id INTEGER PRIMARY KEY, anhao, feature_name, feature_value);
    """, [("cases", ("（2021）京0105民初12345号", "民间借贷纠纷", "判决书", "北京市朝阳区人民法院",
                     "2021-06-01", "一审", "被告应返还借款本金十万元。")),
          ("cases", ("(2022)沪0115民初678号", "房屋租赁合同纠纷", "裁定书", "上海市浦东新区人民法院",
                     "2022-03-15", "一审", "出租人请求解除合同。")),
          ("case_features", (1, "（2021）京0105民初12345号", "借款金额", "100000"))])
    # accepted: a WAL-mode file, read without a -wal or -shm file appearing beside it
    _db(HERE / "precedents-wal.sqlite",
        "CREATE TABLE documents (docid TEXT PRIMARY KEY, case_text, corpus_role);",
        [("documents", ("P-001", "Smith v. Jones\nThe court held.", "precedent"))], wal=True)


if __name__ == "__main__":
    main()
