"""The six evidence-synthesis topics of the science corpus and their primary studies.

Each topic lists studies a review would include and look-alikes it would exclude (a protocol,
a different population, a narrative review). `articles.py` writes them out as articles.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Study:
    title: str
    country: str
    year: int
    design: str
    n: int
    finding: str
    included: bool = True


@dataclass(frozen=True)
class Topic:
    key: str
    background: str
    population: str
    measure: str
    journal: str
    studies: tuple[Study, ...]


# fmt: off
TOPICS = (
    Topic(
        "adherence",
        "Poor adherence to antihypertensive medication is a leading cause of uncontrolled blood "
        "pressure. Mobile health tools such as text-message reminders, smartphone applications "
        "and pharmacist telephone follow-up have been proposed to support daily medication "
        "taking.",
        "adults with hypertension taking at least one antihypertensive drug",
        "medication adherence measured by pill count, MEMS caps or the MMAS-8 score",
        "Journal of Medical Internet Research",
        (
            Study("Automated SMS reminders and medication adherence in uncontrolled hypertension: "
                  "a randomised trial",
                  "Kenya", 2018, "randomised controlled trial", 412,
                  "Adherence by pill count was 82% with daily SMS reminders versus 71% with usual "
                  "care (difference 11 points, 95% CI 6 to 16); the intervention category was "
                  "text-message reminders."),
            Study("Two-way text messaging to improve antihypertensive adherence in primary care",
                  "United States", 2019, "randomised controlled trial", 298,
                  "Two-way SMS reminders increased the proportion of adherent patients (MMAS-8 >= "
                  "6) from 54% to 68%; the intervention category was text-message reminders."),
            Study("Text message reminders for blood pressure control in rural China: a cluster "
                  "randomised trial",
                  "China", 2020, "cluster randomised trial", 1260,
                  "Village-level SMS reminders improved adherence (OR 1.62, 95% CI 1.21 to 2.17) "
                  "and lowered systolic pressure by 3.1 mmHg; the intervention category was "
                  "text-message reminders."),
            Study("Effect of weekly SMS reminders on hypertension treatment adherence in South "
                  "Africa",
                  "South Africa", 2017, "randomised controlled trial", 1372,
                  "Weekly informational SMS had a small effect on adherence (risk difference 4%, "
                  "95% CI 0 to 8%); the intervention category was text-message reminders."),
            Study("A smartphone self-monitoring application for adherence to antihypertensive "
                  "therapy",
                  "Spain", 2021, "randomised controlled trial", 154,
                  "App-based self-monitoring improved MMAS-8 scores by 0.9 points at six months; "
                  "the intervention category was a smartphone application."),
            Study("Home blood pressure telemonitoring app with medication alerts: a pragmatic "
                  "trial",
                  "Canada", 2022, "pragmatic randomised trial", 231,
                  "The app with medication alerts increased adherence by MEMS caps from 78% to "
                  "85%; the intervention category was a smartphone application."),
            Study("Pharmacist telephone counselling and adherence among older adults with "
                  "hypertension",
                  "Japan", 2019, "randomised controlled trial", 186,
                  "Monthly pharmacist calls improved refill adherence (PDC >= 80%) from 61% to "
                  "72%; the intervention category was pharmacist telephone counselling."),
            Study("Protocol for a trial of personalised SMS reminders in hypertension",
                  "Nigeria", 2023, "trial protocol", 0,
                  "This protocol describes a planned trial; no results are reported.",
                  included=False),
            Study("Text message reminders for adherence to oral anticoagulants after atrial "
                  "fibrillation",
                  "Australia", 2020, "randomised controlled trial", 320,
                  "SMS reminders improved anticoagulant adherence; patients did not have "
                  "hypertension as the index condition.",
                  included=False),
        ),
    ),
    Topic(
        "ssi",
        "Surgical site infection after caesarean delivery increases maternal morbidity, length of "
        "stay and costs. Identifying patient and procedural risk factors supports targeted "
        "prevention bundles.",
        "women undergoing caesarean delivery",
        "surgical site infection within 30 days by CDC criteria",
        "BMC Pregnancy and Childbirth",
        (
            Study("Risk factors for surgical site infection following caesarean section in a "
                  "tertiary hospital",
                  "Ethiopia", 2019, "prospective cohort study", 612,
                  "Independent risk factors were BMI >= 30 kg/m2 (AOR 2.8), emergency caesarean "
                  "(AOR 2.1) and rupture of membranes longer than 12 hours (AOR 3.0)."),
            Study("Obesity and post-caesarean wound infection: a retrospective cohort",
                  "United States", 2018, "retrospective cohort study", 2874,
                  "Obesity (BMI >= 30 kg/m2) was associated with infection (OR 2.3); emergency "
                  "delivery also increased risk (OR 1.7)."),
            Study("Incidence and determinants of caesarean wound infection in Tanzania",
                  "Tanzania", 2020, "prospective cohort study", 455,
                  "Prolonged rupture of membranes (AOR 3.4), emergency caesarean (AOR 2.5) and "
                  "chorioamnionitis (AOR 4.1) were independent predictors."),
            Study("Surgical site infection after caesarean delivery: a case-control study",
                  "Brazil", 2021, "case-control study", 390,
                  "Cases more often had BMI >= 30 kg/m2 (OR 2.6) and prolonged labour with "
                  "ruptured membranes (OR 2.2)."),
            Study("Predictors of post-caesarean surgical site infection in a national surveillance "
                  "database",
                  "France", 2022, "retrospective cohort study", 15_820,
                  "Obesity (OR 1.9), emergency procedure (OR 1.5) and operative time over 60 "
                  "minutes (OR 1.3) predicted infection."),
            Study("Skin preparation with chlorhexidine-alcohol versus povidone-iodine before "
                  "caesarean delivery",
                  "United States", 2016, "randomised controlled trial", 1147,
                  "This trial compared antiseptics rather than risk factors; chlorhexidine-alcohol"
                  " "
                  "lowered infection rates.",
                  included=False),
            Study("Risk factors for wound infection after hysterectomy",
                  "Italy", 2019, "retrospective cohort study", 980,
                  "Diabetes and obesity predicted infection after hysterectomy, not caesarean "
                  "delivery.",
                  included=False),
        ),
    ),
    Topic(
        "chw",
        "Pneumonia remains the leading infectious cause of death in children under five. Community"
        " "
        "health workers can assess and treat children with fast-breathing pneumonia close to home "
        "when access to facilities is limited.",
        "children aged 2-59 months with non-severe pneumonia in low- and middle-income countries",
        "treatment failure by day 6 to 14",
        "The Lancet Global Health",
        (
            Study("Community case management of fast-breathing pneumonia by lady health workers: a "
                  "cluster randomised trial",
                  "Pakistan", 2016, "cluster randomised trial", 4088,
                  "Treatment failure was 8.3% with community treatment versus 13.1% with referral;"
                  " "
                  "conducted in South Asia."),
            Study("Community health worker treatment of chest-indrawing pneumonia in Malawi",
                  "Malawi", 2018, "cluster randomised trial", 1742,
                  "Community treatment was non-inferior to referral (risk difference -1.2%); "
                  "conducted in sub-Saharan Africa."),
            Study("Amoxicillin by community health workers for pneumonia in Ethiopia: a cluster "
                  "randomised trial",
                  "Ethiopia", 2017, "cluster randomised trial", 2912,
                  "Day-14 treatment failure was 5.6% versus 6.4%; conducted in sub-Saharan Africa."),
            Study("Integrated community case management and under-five mortality in Uganda",
                  "Uganda", 2019, "cluster randomised trial", 6125,
                  "Mortality was lower in intervention parishes (RR 0.82); conducted in "
                  "sub-Saharan Africa."),
            Study("Pneumonia treatment by community health workers in Bangladesh: a "
                  "before-and-after study",
                  "Bangladesh", 2015, "before-and-after study", 1315,
                  "Appropriate antibiotic treatment rose from 38% to 71%; conducted in South Asia."),
            Study("Quality of pneumonia assessment by community health workers in Nigeria: a "
                  "cross-sectional study",
                  "Nigeria", 2020, "cross-sectional study", 408,
                  "Community health workers correctly classified 78% of fast-breathing cases; "
                  "conducted in sub-Saharan Africa."),
            Study("Hospital management of severe pneumonia in children: a narrative review",
                  "United Kingdom", 2021, "narrative review", 0,
                  "A narrative review of inpatient care; no primary data.",
                  included=False),
        ),
    ),
    Topic(
        "statin",
        "Postoperative atrial fibrillation occurs in up to a third of patients after cardiac "
        "surgery and is associated with stroke and longer hospital stay. Statins have "
        "anti-inflammatory effects that might prevent it.",
        "adults undergoing cardiac surgery",
        "postoperative atrial fibrillation during the hospital stay",
        "European Heart Journal",
        (
            Study("Atorvastatin for reduction of myocardial dysrhythmia after cardiac surgery "
                  "(ARMYDA-3 style trial)",
                  "Italy", 2016, "randomised controlled trial", 200,
                  "Postoperative atrial fibrillation occurred in 35% with atorvastatin versus 57% "
                  "with placebo (RR 0.61)."),
            Study("Perioperative rosuvastatin in cardiac surgery: a randomised placebo-controlled "
                  "trial",
                  "China", 2017, "randomised controlled trial", 1922,
                  "Atrial fibrillation rates were 21.1% and 20.5% (RR 1.04); no reduction with "
                  "rosuvastatin."),
            Study("Preoperative atorvastatin loading and atrial fibrillation after coronary bypass",
                  "Iran", 2018, "randomised controlled trial", 124,
                  "Atrial fibrillation occurred in 12.9% versus 30.6% (RR 0.42)."),
            Study("Simvastatin before valve surgery and postoperative arrhythmia",
                  "Turkey", 2019, "randomised controlled trial", 140,
                  "Atrial fibrillation fell from 31% to 19% (RR 0.61)."),
            Study("Short-term statin therapy before on-pump coronary surgery",
                  "Greece", 2020, "randomised controlled trial", 180,
                  "Statin therapy reduced atrial fibrillation (RR 0.67, 95% CI 0.46 to 0.98)."),
            Study("High-dose atorvastatin and postoperative atrial fibrillation in elderly "
                  "patients",
                  "India", 2021, "randomised controlled trial", 260,
                  "Atrial fibrillation occurred in 18% versus 29% (RR 0.62)."),
            Study("Statin use and atrial fibrillation in a registry of non-cardiac surgery",
                  "Denmark", 2019, "registry cohort study", 48_300,
                  "Statin users had fewer arrhythmias after non-cardiac surgery; not a cardiac "
                  "surgery population.",
                  included=False),
        ),
    ),
    Topic(
        "ssb",
        "Sugar-sweetened beverages are the largest source of added sugar in many diets. "
        "Prospective cohorts can estimate whether habitual intake is associated with later type 2 "
        "diabetes.",
        "adults free of diabetes at baseline followed prospectively",
        "incident type 2 diabetes",
        "Diabetes Care",
        (
            Study("Sugar-sweetened beverage consumption and incident type 2 diabetes in a US "
                  "nurses cohort",
                  "United States", 2016, "prospective cohort study", 91_249,
                  "Each additional serving per day was associated with higher risk (RR 1.18, 95% "
                  "CI 1.10 to 1.27)."),
            Study("Soft drink intake and diabetes risk in European adults: a case-cohort analysis",
                  "United Kingdom", 2017, "case-cohort study", 27_585,
                  "One 336 g serving per day was associated with a hazard ratio of 1.22 (95% CI "
                  "1.09 to 1.38)."),
            Study("Sweetened beverages and type 2 diabetes in Japanese workers",
                  "Japan", 2018, "prospective cohort study", 2037,
                  "Daily consumers had higher risk than rare consumers (HR 1.35, 95% CI 1.02 to "
                  "1.79)."),
            Study("Sugary drinks and incident diabetes in Singapore Chinese adults",
                  "Singapore", 2019, "prospective cohort study", 43_580,
                  "Two or more servings per week was associated with a 42% higher risk (RR 1.42)."),
            Study("Beverage consumption and diabetes in a Mexican teachers cohort",
                  "Mexico", 2021, "prospective cohort study", 62_408,
                  "Each serving per day was associated with HR 1.13 (95% CI 1.05 to 1.22)."),
            Study("Sugar-sweetened beverages, weight gain and diabetes in Australian women",
                  "Australia", 2020, "prospective cohort study", 8960,
                  "Higher intake was associated with higher diabetes incidence (OR 1.26), partly "
                  "explained by weight gain."),
            Study("Artificially sweetened beverages and glycaemic control in people with diabetes",
                  "Canada", 2020, "randomised crossover trial", 62,
                  "A trial in people who already had diabetes; not an incidence study.",
                  included=False),
        ),
    ),
    Topic(
        "lus",
        "Chest radiography exposes children to ionising radiation and is often unavailable at the "
        "point of care. Lung ultrasound is portable and radiation-free and may diagnose pneumonia "
        "accurately.",
        "children with suspected community-acquired pneumonia",
        "sensitivity and specificity against chest radiography or a composite clinical reference",
        "Pediatrics",
        (
            Study("Point-of-care lung ultrasound for pneumonia in the paediatric emergency "
                  "department",
                  "United States", 2016, "prospective diagnostic accuracy study", 200,
                  "Sensitivity 0.86 and specificity 0.89 against chest radiography."),
            Study("Lung ultrasound versus chest X-ray for childhood pneumonia in Italy",
                  "Italy", 2017, "prospective diagnostic accuracy study", 222,
                  "Sensitivity 0.98 and specificity 0.95 against a composite clinical reference."),
            Study("Diagnostic accuracy of lung ultrasound by trained nurses for pneumonia in Peru",
                  "Peru", 2019, "prospective diagnostic accuracy study", 378,
                  "Sensitivity 0.91 and specificity 0.83."),
            Study("Accuracy of lung ultrasound in under-five children with pneumonia in Egypt",
                  "Egypt", 2020, "cross-sectional diagnostic study", 160,
                  "Sensitivity 0.95 and specificity 0.92."),
            Study("Lung ultrasound for community-acquired pneumonia in Chinese children",
                  "China", 2021, "prospective diagnostic accuracy study", 434,
                  "Sensitivity 0.94 and specificity 0.90 against chest radiography."),
            Study("Lung ultrasound in adult patients with COVID-19 pneumonia",
                  "Spain", 2021, "prospective cohort study", 130,
                  "An adult population; lung ultrasound findings correlated with CT severity.",
                  included=False),
        ),
    ),
)
# fmt: on
