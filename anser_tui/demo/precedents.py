"""English precedents (legal/en/precedents.sqlite): controlling cases and distractors."""

from __future__ import annotations

from anser_tui.demo.storage import Table

# (role, text); docids follow this order: pc-0101, pc-0102, ...
# fmt: off
PRECEDENTS: tuple[tuple[str, str], ...] = (
    ("precedent", "Kyllo v. United States, 533 U.S. 27 (2001). Agents used a thermal imager from a "
     "public street to detect heat radiating from the roof and walls of a home where they "
     "suspected marijuana was being grown with halide lamps. Held: where the Government uses a "
     "device that is not in general public use to explore details of the home that would "
     "previously have been unknowable without physical intrusion, the surveillance is a Fourth "
     "Amendment search and is presumptively unreasonable without a warrant."),
    ("precedent", "Katz v. United States, 389 U.S. 347 (1967). FBI agents attached an electronic "
     "listening device to the outside of a public telephone booth. Held: the Fourth Amendment "
     "protects people, not places; what a person seeks to preserve as private, even in an area "
     "accessible to the public, may be constitutionally protected. A search occurs where the "
     "government violates a subjective expectation of privacy that society recognizes as "
     "reasonable."),
    ("distractor", "California v. Ciraolo, 476 U.S. 207 (1986). Police flew over a fenced backyard "
     "at 1,000 feet in public navigable airspace and observed marijuana plants with the naked eye. "
     "Held: the warrantless aerial observation was not a search, because any member of the public "
     "flying in that airspace could have seen what the officers saw."),
    ("distractor", "Dow Chemical Co. v. United States, 476 U.S. 227 (1986). The EPA took aerial "
     "photographs of an industrial complex with a precision mapping camera. Held: the open areas "
     "of an industrial plant are more like open fields than curtilage, and photographing them from "
     "navigable airspace is not a search."),
    ("distractor", "United States v. Jones, 565 U.S. 400 (2012). Agents installed a GPS tracking "
     "device on the undercarriage of a suspect's vehicle and monitored its movements for 28 days. "
     "Held: the physical installation of the device on the vehicle and its use to monitor "
     "movements constitutes a search under the Fourth Amendment."),
    ("distractor", "Florida v. Jardines, 569 U.S. 1 (2013). Officers brought a trained "
     "drug-detection dog onto the front porch of a home. Held: using a drug-sniffing dog on a "
     "homeowner's porch to investigate the contents of the home is a search, because the officers "
     "physically intruded on the curtilage to gather evidence."),
    ("distractor", "Carpenter v. United States, 585 U.S. 296 (2018). The government obtained 127 "
     "days of historical cell-site location records from wireless carriers without a warrant. "
     "Held: accessing historical cell-site records that provide a comprehensive chronicle of a "
     "person's past movements is a search requiring a warrant supported by probable cause."),
    ("precedent", "Burlington Northern & Santa Fe Railway Co. v. White, 548 U.S. 53 (2006). After "
     "a forklift operator complained of sex discrimination, she was reassigned to dirtier "
     "track-laborer duties and suspended without pay for 37 days. Held: Title VII's "
     "anti-retaliation provision is not limited to employment-related or workplace actions; a "
     "plaintiff must show that a reasonable employee would have found the challenged action "
     "materially adverse, meaning it well might have dissuaded a reasonable worker from making or "
     "supporting a charge of discrimination."),
    ("precedent", "University of Texas Southwestern Medical Center v. Nassar, 570 U.S. 338 (2013). "
     "A physician alleged that the medical center blocked his hiring in retaliation for his "
     "complaints of harassment. Held: Title VII retaliation claims must be proved according to "
     "traditional principles of but-for causation, not the lessened motivating-factor test that "
     "applies to status-based discrimination claims."),
    ("distractor", "McDonnell Douglas Corp. v. Green, 411 U.S. 792 (1973). Held: in a Title VII "
     "case based on circumstantial evidence, the plaintiff must first establish a prima facie "
     "case; the burden then shifts to the employer to articulate a legitimate, nondiscriminatory "
     "reason, after which the plaintiff may show that the stated reason was pretext."),
    ("distractor", "Faragher v. City of Boca Raton, 524 U.S. 775 (1998). A lifeguard alleged that "
     "her supervisors created a sexually hostile atmosphere. Held: an employer is vicariously "
     "liable for actionable harassment by a supervisor, subject to an affirmative defense where no "
     "tangible employment action was taken and the employer exercised reasonable care to prevent "
     "and correct harassment."),
    ("distractor", "Crawford v. Metropolitan Government of Nashville and Davidson County, 555 U.S. "
     "271 (2009). An employee described harassment when answering questions in an internal "
     "investigation and was later fired. Held: the opposition clause of Title VII protects an "
     "employee who speaks out about discrimination in answering an employer's questions, not only "
     "one who initiates a complaint."),
    ("distractor", "Harris v. Forklift Systems, Inc., 510 U.S. 17 (1993). Held: conduct need not "
     "seriously affect an employee's psychological well-being to be actionable as abusive work "
     "environment harassment; the environment must be one that a reasonable person would find "
     "hostile or abusive."),
    ("precedent", "J.D.B. v. North Carolina, 564 U.S. 261 (2011). A uniformed officer removed a "
     "13-year-old seventh grader from class and questioned him in a closed school conference room "
     "about break-ins without giving Miranda warnings. Held: a child's age properly informs the "
     "Miranda custody analysis, so long as the age was known to the officer or would have been "
     "objectively apparent to a reasonable officer."),
    ("precedent", "Miranda v. Arizona, 384 U.S. 436 (1966). Held: the prosecution may not use "
     "statements stemming from custodial interrogation unless it demonstrates procedural "
     "safeguards: before questioning, the person must be warned of the right to remain silent, "
     "that statements may be used as evidence, and of the right to the presence of an attorney, "
     "retained or appointed."),
    ("distractor", "Yarborough v. Alvarado, 541 U.S. 652 (2004). A 17-year-old was interviewed at "
     "a police station for two hours without Miranda warnings. Held, on federal habeas review: the "
     "state court's conclusion that he was not in custody was not an unreasonable application of "
     "clearly established law."),
    ("distractor", "Berghuis v. Thompkins, 560 U.S. 370 (2010). A suspect remained largely silent "
     "during a three-hour interrogation before answering a question. Held: a suspect who wants to "
     "invoke the right to remain silent must do so unambiguously; a knowing and voluntary "
     "statement after warnings waives the right."),
    ("distractor", "Oregon v. Mathiason, 429 U.S. 492 (1977). A parolee came to the police station "
     "voluntarily, was told he was not under arrest, confessed, and left. Held: he was not in "
     "custody, and Miranda warnings are not required merely because questioning takes place in a "
     "station house."),
    ("distractor", "Terry v. Ohio, 392 U.S. 1 (1968). Held: an officer may briefly stop a person "
     "and conduct a limited pat-down for weapons when the officer has a reasonable, articulable "
     "suspicion that criminal activity is afoot and the person may be armed and dangerous."),
    ("distractor", "Mapp v. Ohio, 367 U.S. 643 (1961). Held: evidence obtained in violation of the "
     "Fourth Amendment is inadmissible in state criminal prosecutions; the exclusionary rule "
     "applies to the states through the Fourteenth Amendment."),
    ("distractor", "Gideon v. Wainwright, 372 U.S. 335 (1963). Held: the Sixth Amendment right to "
     "counsel is a fundamental right applicable to the states, which must appoint counsel for "
     "indigent defendants charged with felonies."),
    ("distractor", "Strickland v. Washington, 466 U.S. 668 (1984). Held: to establish ineffective "
     "assistance of counsel a defendant must show that counsel's performance fell below an "
     "objective standard of reasonableness and that there is a reasonable probability that, but "
     "for the errors, the result would have been different."),
    ("distractor", "Brady v. Maryland, 373 U.S. 83 (1963). Held: suppression by the prosecution of "
     "evidence favorable to an accused who has requested it violates due process where the "
     "evidence is material either to guilt or to punishment."),
    ("distractor", "Chevron U.S.A. Inc. v. Natural Resources Defense Council, Inc., 467 U.S. 837 "
     "(1984). Held: where a statute is silent or ambiguous on the specific issue, a court should "
     "defer to the administering agency's permissible construction. Overruled by Loper Bright "
     "Enterprises v. Raimondo (2024)."),
    ("distractor", "Loper Bright Enterprises v. Raimondo, 603 U.S. 369 (2024). Held: the "
     "Administrative Procedure Act requires courts to exercise their independent judgment in "
     "deciding whether an agency has acted within its statutory authority; courts may not defer to "
     "an agency interpretation simply because a statute is ambiguous."),
    ("distractor", "Motor Vehicle Manufacturers Ass'n v. State Farm Mutual Automobile Insurance "
     "Co., 463 U.S. 29 (1983). Held: an agency rescinding a rule must supply a reasoned analysis; "
     "a rule is arbitrary and capricious if the agency failed to consider an important aspect of "
     "the problem or offered an explanation that runs counter to the evidence."),
    ("distractor", "Mathews v. Eldridge, 424 U.S. 319 (1976). Held: due process does not require "
     "an evidentiary hearing before termination of disability benefits; the process due is "
     "determined by balancing the private interest, the risk of erroneous deprivation, and the "
     "government's interest."),
    ("distractor", "Celotex Corp. v. Catrett, 477 U.S. 317 (1986). Held: summary judgment is "
     "mandated against a party who fails to make a showing sufficient to establish an element "
     "essential to that party's case on which it bears the burden of proof at trial."),
    ("distractor", "Anderson v. Liberty Lobby, Inc., 477 U.S. 242 (1986). Held: at summary "
     "judgment the judge asks whether a reasonable jury could return a verdict for the nonmoving "
     "party, applying the substantive evidentiary standard of proof that would apply at trial."),
    ("distractor", "Bell Atlantic Corp. v. Twombly, 550 U.S. 544 (2007). Held: to survive a motion "
     "to dismiss, a complaint must plead enough facts to state a claim to relief that is plausible "
     "on its face; allegations of parallel conduct alone do not suffice for a Sherman Act "
     "conspiracy."),
    ("distractor", "Ashcroft v. Iqbal, 556 U.S. 662 (2009). Held: the plausibility standard of "
     "Twombly governs all civil actions; threadbare recitals of the elements of a cause of action, "
     "supported by mere conclusory statements, do not suffice."),
    ("distractor", "International Shoe Co. v. Washington, 326 U.S. 310 (1945). Held: due process "
     "permits personal jurisdiction over a nonresident defendant with minimum contacts with the "
     "forum such that the suit does not offend traditional notions of fair play and substantial "
     "justice."),
    ("distractor", "Erie Railroad Co. v. Tompkins, 304 U.S. 64 (1938). Held: except in matters "
     "governed by the Constitution or acts of Congress, a federal court sitting in diversity "
     "applies the substantive law of the state, including its judicial decisions."),
    ("distractor", "Palsgraf v. Long Island Railroad Co., 248 N.Y. 339 (1928). Held: negligence is "
     "a relation between parties; a defendant owes a duty of care only to those within the zone of "
     "reasonably foreseeable risk."),
    ("distractor", "Hadley v. Baxendale, 9 Exch. 341 (1854). Held: damages for breach of contract "
     "are recoverable where they arise naturally from the breach or were reasonably in the "
     "contemplation of both parties at the time of contracting as the probable result of the "
     "breach."),
    ("distractor", "Tinker v. Des Moines Independent Community School District, 393 U.S. 503 "
     "(1969). Held: students do not shed their constitutional rights to freedom of speech at the "
     "schoolhouse gate; a school may restrict student expression only where it would materially "
     "and substantially disrupt school operations."),
)
# fmt: on


def documents() -> list[tuple[str, str, str]]:
    """(docid, case_text, corpus_role) in corpus order."""
    return [(f"pc-{101 + i:04d}", text, role) for i, (role, text) in enumerate(PRECEDENTS)]


def docid(case: str) -> str:
    """The docid of one case by its name, as its text opens."""
    return next(doc for doc, text, _ in documents() if text.startswith(case + ","))


def tables() -> list[Table]:
    """`documents(docid, case_text, corpus_role)`."""
    return [
        Table("documents", "docid TEXT PRIMARY KEY, case_text TEXT, corpus_role TEXT", documents())
    ]
