// Open every page of the built docs in a headless Chromium and fail on what a reader would see
// go wrong but a Sphinx build with warnings as errors cannot: error boxes (docutils system
// messages, or a theme's CSS "ERROR: ..." banner such as furo's on a `.. contents::` directive),
// console errors and uncaught exceptions, failed or 4xx/5xx requests, <img> elements that did
// not load, and Unicode mahjong glyphs (U+1F000 to U+1F02F) outside code blocks: most machines
// have no font for them and show empty boxes, so prose and tables show tiles with the library's
// own pictures (the :tile: role of docs/conf.py) and only code (the real output of
// `format("unicode")`) keeps glyphs, shown by the docs' own tile font (docs/_static/tiles.css):
// a page with glyphs in code fails if that font is not in the code's font stack or did not load.
//
//
// The "Try it" page (try.html) runs the library in the browser with Pyodide: it is checked once
// Python is ready, then through its own controls: a hand of every ruleset and a card ranking,
// each answer compared with the library's in Python for the same inputs
// (scripts/try_page_expected.py, run with $PYTHON, default python3), and a bad hand's message.
//
// Usage, from the repository root, after `npm ci` and a docs build (scripts/check.py builds
// them; the build puts Pyodide on the Try it page when npm ci has installed it):
//     npm ci && node scripts/check_docs_browser.mjs [BUILD_DIR]
// BUILD_DIR defaults to docs/_build. The browser is Debian's chromium (`apt-get install
// chromium`) at /usr/bin/chromium; set CHROMIUM to use another executable.

import { spawnSync } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { extname, join, relative, resolve, sep } from "node:path";
import { chromium } from "playwright-core";

const ROOT = resolve(process.argv[2] ?? "docs/_build");
const EXECUTABLE = process.env.CHROMIUM ?? "/usr/bin/chromium";
const CONCURRENCY = 4;
const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".map": "application/json",
  ".mjs": "text/javascript; charset=utf-8",
  ".wasm": "application/wasm",
  ".py": "text/x-python; charset=utf-8",
};
const TRY_PAGE = "try.html";

function htmlPages(dir) {
  const pages = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "_static" && entry.name !== "_sources" && entry.name !== ".doctrees") {
        pages.push(...htmlPages(path));
      }
    } else if (entry.name.endsWith(".html")) {
      pages.push(relative(ROOT, path).split(sep).join("/"));
    }
  }
  return pages.sort();
}

function serve() {
  const server = createServer((request, response) => {
    let path = decodeURIComponent(new URL(request.url, "http://localhost").pathname);
    if (path.endsWith("/")) path += "index.html";
    const file = resolve(ROOT, "." + path);
    if (!(file === ROOT || file.startsWith(ROOT + sep)) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404, { "content-type": "text/plain" }).end("not found");
      return;
    }
    const type = TYPES[extname(file).toLowerCase()] ?? "application/octet-stream";
    response.writeHead(200, { "content-type": type }).end(readFileSync(file));
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

// Runs in the page: everything that is wrong with the rendered DOM.
function inspectPage() {
  const problems = [];
  const snippet = (text) => text.replace(/\s+/g, " ").trim().slice(0, 100);
  for (const element of document.querySelectorAll(".system-message, .problematic")) {
    problems.push(`error box (${element.className}): ${snippet(element.textContent)}`);
  }
  // Boxes drawn by the theme's CSS have no text in the DOM: read the generated content.
  for (const element of document.body.querySelectorAll("*")) {
    for (const pseudo of ["::before", "::after"]) {
      const content = getComputedStyle(element, pseudo).content;
      if (content && content !== "none" && content !== "normal" && /ERROR/.test(content)) {
        problems.push(`error box (<${element.localName} class="${element.className}">${pseudo}): ${snippet(content)}`);
      }
    }
  }
  for (const image of document.images) {
    if (!image.complete || image.naturalWidth === 0) {
      problems.push(`image not loaded: ${image.getAttribute("src")}`);
    }
  }
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const glyph = /[\u{1F000}-\u{1F02F}]/u;
  let glyphsInCode = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue;
    if (glyph.test(text) && !node.parentElement.closest("pre, code, script, style")) {
      problems.push(`mahjong glyph outside code (no font shows it): ${snippet(text)}`);
    } else if (glyph.test(text) && node.parentElement.closest("pre, code")) {
      glyphsInCode ??= node.parentElement;
    }
    if (/(^|\s)ERROR:/.test(text) && !node.parentElement.closest("pre, code, script, style")) {
      problems.push(`error text: ${snippet(text)}`);
    }
  }
  // Code blocks keep the glyphs (the library's real output): the docs' tile font must show them.
  if (glyphsInCode) {
    const family = getComputedStyle(glyphsInCode).fontFamily;
    const loaded = [...document.fonts].some(
      (face) => face.family.replace(/["']/g, "") === "Mahjong Tiles" && face.status === "loaded",
    );
    if (!family.includes("Mahjong Tiles")) problems.push(`code font without the tile font: ${family}`);
    if (!loaded) problems.push("mahjong glyphs in code, but the tile font did not load");
  }
  return problems;
}

// What the Try it page is asked, through its controls; each answer is compared with Python's.
const TRY_CASES = [
  { ruleset: "flex", hand: "333C 44B 555C 666C 777C", discarder: "W" },
  { ruleset: "card-free", hand: "333D 5555D 7777D 999D", self_drawn: true },
  { ruleset: "nmjl", hand: "22B 4444B 66B 888B J GD GD", discarder: "S" },
  { ruleset: "nmjl", card: "tutorial", hand: "22B 4444B 66B 888B GD GD" },
  { ruleset: "singapore", hand: "123C 456C 789C 234D 55B RF1 Cat", winning_tile: "5B", discarder: "N" },
  { ruleset: "singapore", hand: "123C 456C 789C 234D 5B" },
  { ruleset: "flex", hand: "333C 44B 555X" },
];

function expectedAnswers() {
  const python = process.env.PYTHON ?? "python3";
  const run = spawnSync(python, ["scripts/try_page_expected.py"], { input: JSON.stringify(TRY_CASES), encoding: "utf-8" });
  if (run.status !== 0) throw new Error(`${python} scripts/try_page_expected.py failed: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function askTryPage(page, question) {
  await page.selectOption("#try-ruleset", question.ruleset);
  if (question.card) await page.selectOption("#try-card", question.card);
  await page.fill("#try-hand", question.hand);
  await page.setChecked("input[name=self_drawn]", Boolean(question.self_drawn));
  if (question.discarder) await page.selectOption("#try-discarder", question.discarder);
  await page.fill("#try-winning-tile", question.winning_tile ?? "");
  await page.evaluate(() => document.getElementById("try-result").replaceChildren());
  await page.click("#try-submit");
  return page.evaluate(() => {
    const data = (id, key) => document.getElementById(id)?.dataset[key];
    const problem = document.getElementById("try-hand-problem").textContent;
    return {
      problem: problem || undefined,
      evaluation: data("try-evaluation", "text"),
      settlement: data("try-settlement", "text"),
      tiles_away: data("try-analysis", "tilesAway"),
      waits: data("try-analysis", "waits"),
      closest: data("try-closest", "text"),
    };
  });
}

async function checkTryPage(page) {
  const problems = [];
  const manifest = JSON.parse(readFileSync(join(ROOT, "_static", "try", "manifest.json"), "utf-8"));
  if (!manifest.pyodide) return ["try page: the docs were built without Pyodide: run npm ci, then build them again"];
  await page.waitForFunction(() => document.body.dataset.tryReady === "yes", null, { timeout: 180_000 });
  const expected = expectedAnswers();
  for (const [index, question] of TRY_CASES.entries()) {
    const shown = await askTryPage(page, question);
    for (const [key, value] of Object.entries(expected[index])) {
      if (shown[key] !== value) {
        problems.push(`try page, ${question.ruleset} ${JSON.stringify(question.hand)}: ${key} shown ${JSON.stringify(shown[key])}, Python says ${JSON.stringify(value)}`);
      }
    }
  }
  const seconds = await page.evaluate(() => document.body.dataset.tryLoadSeconds);
  console.log(`try page: ${TRY_CASES.length} questions answered as in Python; Pyodide and the library loaded in ${seconds} s`);
  return problems;
}

async function checkPage(context, origin, path) {
  const problems = [];
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console error: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on("requestfailed", (request) => {
    problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on("response", (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  try {
    await page.goto(`${origin}/${path}`, { waitUntil: "load", timeout: 30_000 });
    // Lazy images load only when scrolled to: load them all, then wait for every one.
    await page.evaluate(async () => {
      for (const image of document.images) image.loading = "eager";
      const settled = (image) =>
        new Promise((done) => {
          image.addEventListener("load", done, { once: true });
          image.addEventListener("error", done, { once: true });
        });
      const pending = [...document.images].filter((image) => !image.complete).map(settled);
      await Promise.race([Promise.all(pending), new Promise((done) => setTimeout(done, 10_000))]);
    });
    await page.evaluate(() => document.fonts.ready);
    if (path === TRY_PAGE) problems.push(...(await checkTryPage(page)));
    problems.push(...(await page.evaluate(inspectPage)));
  } catch (error) {
    problems.push(`could not check the page: ${error.message}`);
  } finally {
    await page.close();
  }
  return problems;
}

async function main() {
  const start = Date.now();
  if (!existsSync(join(ROOT, "index.html"))) {
    console.error(`no built docs in ${ROOT}: build them first (scripts/check.py does)`);
    return 2;
  }
  if (!existsSync(EXECUTABLE)) {
    console.error(`no Chromium at ${EXECUTABLE}: apt-get install chromium, or set CHROMIUM`);
    return 2;
  }
  const pages = htmlPages(ROOT);
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({
    executablePath: EXECUTABLE,
    headless: true,
    // As root Chromium needs --no-sandbox; the rest keep it off a network it has not got.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const failures = new Map();
  try {
    const context = await browser.newContext();
    // The docs must not need the outside world: any request off this server is a fault.
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient"),
    );
    const queue = [...pages];
    const worker = async () => {
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const problems = await checkPage(context, origin, path);
        if (problems.length > 0) failures.set(path, [...new Set(problems)]);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    await browser.close();
    server.close();
  }
  for (const path of [...failures.keys()].sort()) {
    console.log(`${path}:`);
    for (const problem of failures.get(path)) console.log(`  ${problem}`);
  }
  const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  // .ci/run sets DOCS_BROWSER_STEP_START_MS before it installs Chromium and playwright-core.
  const stepStart = Number(process.env.DOCS_BROWSER_STEP_START_MS);
  const step = Number.isFinite(stepStart) && stepStart > 0 ? `; the whole step, installs included: ${seconds(stepStart)}` : "";
  console.log(`docs browser check: ${pages.length} pages in ${seconds(start)}${step}`);
  console.log(`docs-browser: ${pages.length - failures.size} passed, ${failures.size} failed`);
  return failures.size > 0 ? 1 : 0;
}

process.exitCode = await main();
