// The "Try it" page (docs/try.rst): Pyodide and the library's wheels, loaded from this site
// (docs/_try_build.py puts them there), answer the form with the library itself
// (try_page.py). No framework: the form is plain HTML, this script fills in the answers.

const here = new URL(".", import.meta.url);
const form = document.getElementById("try-form");
const status = document.getElementById("try-status");
const result = document.getElementById("try-result");
const submit = document.getElementById("try-submit");
const handInput = document.getElementById("try-hand");
const palette = document.getElementById("try-palette");
const cardSelect = document.getElementById("try-card");
const cardFile = document.getElementById("try-card-file");
const problems = {
  options: document.getElementById("try-options-problem"),
  hand: document.getElementById("try-hand-problem"),
  context: document.getElementById("try-context-problem"),
};
const fieldOf = { options: form.elements.ruleset, hand: handInput, context: form.elements.winning_tile };

let page = null; // the try_page module, once Python is ready
let card = null; // { name, text } of a card file the player chose

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url.pathname}: HTTP ${response.status}`);
  return response;
}

async function start() {
  const started = performance.now();
  const manifest = await (await fetchOk(new URL("manifest.json", here))).json();
  if (!manifest.pyodide) {
    status.textContent =
      "This build of the docs has no Pyodide: run npm ci in the repository, then build the docs again.";
    return;
  }
  const megabytes = (manifest.bytes / 1e6).toFixed(1);
  status.textContent = `Loading Python (Pyodide ${manifest.pyodide}) and mahjong_rules ${manifest.library}: ${megabytes} MB…`;
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", here).href);
  const pyodide = await loadPyodide({ indexURL: new URL("pyodide/", here).href });
  const site = pyodide.runPython("import site; site.getsitepackages()[0]");
  for (const wheel of manifest.wheels) {
    const buffer = await (await fetchOk(new URL(wheel, here))).arrayBuffer();
    pyodide.unpackArchive(buffer, "wheel", { extractDir: site });
  }
  const source = await (await fetchOk(new URL("try_page.py", here))).text();
  pyodide.FS.writeFile(`${site}/try_page.py`, source);
  page = pyodide.pyimport("try_page");
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const python = pyodide.runPython("import sys; '.'.join(map(str, sys.version_info[:3]))");
  status.textContent = `Ready: mahjong_rules ${manifest.library} on Python ${python} in your browser (${megabytes} MB, loaded in ${seconds} s).`;
  document.body.dataset.tryReady = "yes";
  document.body.dataset.tryLoadSeconds = seconds;
  showOptions();
  submit.disabled = false;
}

function showOptions() {
  const ruleset = form.elements.ruleset.value;
  for (const box of form.querySelectorAll(".try-options")) box.hidden = box.dataset.ruleset !== ruleset;
  cardFile.hidden = !(ruleset === "nmjl" && cardSelect.value === "file");
  if (page) palette.innerHTML = page.palette(ruleset);
}

function options(ruleset) {
  const box = form.querySelector(`.try-options[data-ruleset="${ruleset}"]`);
  const found = {};
  for (const input of box.querySelectorAll("input, select")) {
    if (!input.name) continue;
    found[input.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  if (ruleset === "nmjl" && cardSelect.value === "file") {
    if (!card) return { problem: "Choose a card file (TOML, in the card format of the docs)." };
    found.card_text = card.text;
    found.card_name = card.name;
  }
  return found;
}

function clearProblems() {
  for (const [field, element] of Object.entries(problems)) {
    element.textContent = "";
    fieldOf[field].removeAttribute("aria-invalid");
  }
}

function section(title, html) {
  const part = document.createElement("div");
  const heading = document.createElement("h3");
  heading.textContent = title;
  part.append(heading);
  const body = document.createElement("div");
  body.innerHTML = html; // the library's own HTML: its pictures and tables, text escaped
  part.append(body);
  return part;
}

function text(content) {
  const paragraph = document.createElement("p");
  paragraph.textContent = content;
  return paragraph;
}

function show(answer) {
  result.replaceChildren();
  const evaluation = section("Evaluation", answer.evaluation.html);
  evaluation.dataset.text = answer.evaluation.text;
  evaluation.id = "try-evaluation";
  result.append(evaluation);
  if (answer.settlement) {
    const payments = answer.settlement.html
      ? section("Payments", answer.settlement.html)
      : section("Payments", "");
    if (answer.settlement.problem) payments.append(text(answer.settlement.problem));
    payments.id = "try-settlement";
    payments.dataset.text = answer.settlement.text ?? answer.settlement.problem;
    result.append(payments);
  }
  const analysis = answer.analysis;
  const where = section("How far from Mahjong", "");
  where.id = "try-analysis";
  if (analysis.note) where.append(text(analysis.note));
  if (analysis.tiles_away === null) where.append(text(`No valid hand keeps these exposed sets: ${analysis.unreachable}`));
  if (analysis.tiles_away !== undefined && analysis.tiles_away !== null) {
    where.append(text(`Tiles away: ${analysis.tiles_away}`));
    where.dataset.tilesAway = String(analysis.tiles_away);
  }
  if (analysis.waits) {
    const waits = text(analysis.waits.length ? "Waits: " : "Waits: none");
    waits.insertAdjacentHTML("beforeend", analysis.waits_html ?? "");
    where.dataset.waits = analysis.waits.join(" ");
    where.append(waits);
  }
  if (analysis.discards_html) where.append(section("Best discards", analysis.discards_html));
  if (analysis.closest_html) {
    const lines = section("Closest lines of the card", analysis.closest_html);
    lines.id = "try-closest";
    lines.dataset.text = analysis.closest.join("\n");
    where.append(lines);
  }
  result.append(where);
}

function evaluate(event) {
  event.preventDefault();
  if (!page) return;
  clearProblems();
  const ruleset = form.elements.ruleset.value;
  const chosen = options(ruleset);
  if (chosen.problem) {
    problems.options.textContent = chosen.problem;
    return;
  }
  const request = {
    ruleset,
    options: chosen,
    hand: handInput.value,
    discarder: form.elements.discarder.value,
    context: {
      self_drawn: form.elements.self_drawn.checked,
      seat_wind: form.elements.seat_wind.value,
      prevailing_wind: form.elements.prevailing_wind.value,
      winning_tile: form.elements.winning_tile.value.trim(),
    },
  };
  const answer = JSON.parse(page.answer(JSON.stringify(request)));
  if (!answer.ok) {
    result.replaceChildren();
    problems[answer.field].textContent = answer.message;
    fieldOf[answer.field].setAttribute("aria-invalid", "true");
    fieldOf[answer.field].focus();
    return;
  }
  show(answer);
}

form.addEventListener("submit", evaluate);
form.elements.ruleset.addEventListener("change", showOptions);
cardSelect.addEventListener("change", showOptions);
cardFile.addEventListener("change", async () => {
  const chosen = cardFile.files[0];
  card = chosen ? { name: chosen.name, text: await chosen.text() } : null;
});
palette.addEventListener("click", (event) => {
  const button = event.target.closest(".try-tile");
  if (!button) return;
  handInput.value = `${handInput.value.trimEnd()} ${button.dataset.token}`.trimStart();
});
document.getElementById("try-backspace").addEventListener("click", () => {
  handInput.value = handInput.value.trimEnd().replace(/\S+$/, "").trimEnd();
});
document.getElementById("try-clear").addEventListener("click", () => {
  handInput.value = "";
  handInput.focus();
});

start().catch((error) => {
  status.textContent = `The page could not start Python: ${error.message}`;
  console.error(error);
});
