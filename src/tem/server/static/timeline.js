// tem's timeline page: one lane per relation, one bar per version over its valid time.
// Reads the JSON API with the key typed in the page (kept in sessionStorage).
// Stored values are user data: they reach the page only through textContent and
// title, never as markup.
"use strict";

const $ = (id) => document.getElementById(id);
const KEY = "tem.key";
const DAY = 86400000;
const MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split(" ");
const ROW = 30; // px per row of bars in a lane
const STEPS = 1000; // slider positions between the first recording and now

const state = { scope: null, subject: null, full: [], known: null, lanes: [], span: null };
const latest = { pickers: 0, timeline: 0 }; // the newest request on each channel
const STALE = new Error("superseded"); // a newer request on the same channel was sent

// -- the API ------------------------------------------------------------------------------

async function api(method, path, body, channel) {
  const ticket = channel ? ++latest[channel] : 0;
  const headers = { Accept: "application/json" };
  const key = $("key").value.trim();
  if (key) headers.Authorization = "Bearer " + key;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method, headers, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => ({}));
  if (channel && ticket !== latest[channel]) throw STALE;
  if (!response.ok) throw new Error(`${response.status}: ${data.error || response.statusText}`);
  return data.results;
}

function query(params) {
  const parts = Object.entries(params).filter(([, v]) => v !== null && v !== undefined);
  return parts.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}

function asOf() {
  // The slider runs in time from the first recording to "now" (its last position: no as_of).
  const position = Number($("asof").value);
  if (!state.known || position >= STEPS) return null;
  const { first, last } = state.known;
  return new Date(first + ((last - first) * position) / STEPS).toISOString();
}

function say(text, isError = false) {
  $("status").textContent = text;
  $("status").classList.toggle("error", isError);
}

async function guarded(work) {
  try {
    await work();
  } catch (error) {
    if (error !== STALE) say(error.message, true);
  }
}

// -- helpers ------------------------------------------------------------------------------

function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function fill(select, values, placeholder) {
  select.replaceChildren();
  if (placeholder) select.append(new Option(placeholder, ""));
  for (const value of values) select.append(new Option(value, value));
}

const laneKey = (relation) => relation.replace(/[_-]/g, " ").toLowerCase().trim().split(/\s+/).join(" ");
const day = (t) => new Date(t).toISOString().slice(0, 10);
const minute = (t) => new Date(t).toISOString().slice(0, 16).replace("T", " ") + " UTC";

// -- pickers ------------------------------------------------------------------------------

async function loadScopes() {
  const scopes = (await api("GET", "v1/scopes", undefined, "pickers")).map((r) => r.scope);
  fill($("scope"), scopes);
  await loadSubjects();
}

async function loadSubjects() {
  state.scope = $("scope").value || null;
  const path = "v1/subjects?" + query({ scope: state.scope });
  const subjects = await api("GET", path, undefined, "pickers");
  fill($("subject"), subjects.map((r) => r.subject), "— pick a subject —");
  reset();
  say(`${subjects.length} subject(s) in scope ${state.scope}`);
}

async function loadSubject(subject) {
  if (!subject) return reset();
  const path = `v1/history/${encodeURIComponent(subject)}?` + query({ scope: state.scope });
  state.full = await api("GET", path, undefined, "timeline");
  state.subject = subject;
  state.lanes = [...new Set(state.full.map((v) => laneKey(v.relation)))];
  setSlider();
  draw(state.full);
  say(`${state.full.length} version(s) of ${subject}`);
}

async function redraw() {
  if (!state.subject) return;
  const path = `v1/history/${encodeURIComponent(state.subject)}?` +
    query({ scope: state.scope, as_of: asOf() });
  const versions = await api("GET", path, undefined, "timeline");
  draw(versions);
  say(`${versions.length} version(s) of ${state.subject}${asOfText()}`);
}

function reset() {
  latest.timeline++; // a timeline answer still on its way is for another subject
  state.subject = null;
  state.full = [];
  state.known = null;
  $("title").textContent = "Pick a subject";
  for (const id of ["lanes", "axis", "asof-marks"]) $(id).replaceChildren();
  $("asof").disabled = true;
  showAsOf();
}

function setSlider() {
  // Ticks mark when the store learned something. recorded_at has microseconds and a
  // Date milliseconds: +1 ms keeps the first recording visible at the slider's start.
  const versions = state.full;
  const times = versions.flatMap((v) => [v.recorded_at, ...v.sources.map((s) => s.recorded_at)]);
  const ms = [...new Set(times.map((t) => Date.parse(t) + 1))];
  const first = Math.min(...ms);
  const last = Math.max(Date.now(), ...ms) + 1;
  state.known = ms.length ? { first, last } : null;
  const slider = $("asof");
  slider.value = slider.max = String(STEPS);
  slider.disabled = !state.known;
  const at = (t) => String(Math.round(((t - first) / (last - first)) * STEPS));
  $("asof-marks").replaceChildren(...(state.known ? ms : []).map((t) => new Option("", at(t))));
  showAsOf();
}

function showAsOf() {
  const when = asOf();
  $("asof-label").textContent = when ? minute(when) : "now";
}

const asOfText = () => (asOf() ? ` as of ${minute(asOf())}` : "");

// -- the timeline -------------------------------------------------------------------------

function span(versions) {
  const now = Date.now();
  const times = versions.flatMap((v) => [v.valid_from, v.valid_to]).filter(Boolean);
  const start = Math.min(now, ...times.map((t) => Date.parse(t)));
  const end = Math.max(now, ...times.map((t) => Date.parse(t)));
  const pad = Math.max((end - start) * 0.02, DAY);
  return { start: start - pad, end: end + pad, now };
}

const pct = (t) => {
  const { start, end } = state.span;
  return Math.min(100, Math.max(0, ((t - start) / (end - start)) * 100));
};

function packRows(versions) {
  // Coexisting versions (a "many" relation) get rows of their own, first fit.
  const ends = [];
  return versions.map((v) => {
    const from = Date.parse(v.valid_from);
    const to = v.valid_to ? Date.parse(v.valid_to) : Infinity;
    let row = ends.findIndex((end) => end <= from);
    if (row < 0) row = ends.push(to) - 1;
    else ends[row] = to;
    return row;
  });
}

function bar(v, row) {
  const node = el("div", `bar ${v.status}`, v.value);
  const from = Date.parse(v.valid_from);
  const to = v.valid_to ? Date.parse(v.valid_to) : state.span.now;
  node.style.left = pct(from) + "%";
  node.style.width = Math.max(pct(to) - pct(from), 0) + "%";
  node.style.top = 6 + row * ROW + "px";
  node.dataset.id = v.id;
  node.title = [
    `${v.relation}: ${v.value} [${v.status}]`,
    `valid ${day(v.valid_from)} → ${v.valid_to ? day(v.valid_to) : "now"}`,
    `source: ${v.source}`,
    `recorded ${minute(v.recorded_at)}`,
  ].join("\n");
  return node;
}

function draw(versions) {
  state.span = span(state.full.concat(versions));
  $("title").textContent = state.subject;
  const byLane = new Map(state.lanes.map((key) => [key, []]));
  for (const v of versions) {
    const key = laneKey(v.relation);
    if (!byLane.has(key)) byLane.set(key, []);
    byLane.get(key).push(v);
  }
  const names = new Map(state.full.concat(versions).map((v) => [laneKey(v.relation), v.relation]));
  const lanes = [...byLane].map(([key, list]) => {
    const sorted = [...list].sort((a, b) => a.valid_from.localeCompare(b.valid_from));
    const rows = packRows(sorted);
    const track = el("div", "track");
    track.style.height = Math.max(1, ...rows.map((r) => r + 1)) * ROW + 6 + "px";
    track.append(...sorted.map((v, i) => bar(v, rows[i])));
    const lane = el("div", "lane");
    lane.dataset.relation = names.get(key);
    lane.append(el("div", "lane-label", names.get(key)), track);
    return lane;
  });
  const ticks = axisTicks();
  const grid = el("div", "grid");
  grid.append(...ticks.map(([t]) => placed("grid-line", t)), placed("now-line", state.span.now));
  $("lanes").replaceChildren(grid, ...lanes);
  const axis = el("div", "axis-track");
  axis.append(...ticks.map(([t, label]) => placed("tick", t, label)));
  axis.append(placed("tick now", state.span.now, "now"));
  $("axis").replaceChildren(el("div", "lane-label", "valid time"), axis);
}

function placed(className, t, text) {
  const node = el("div", className, text);
  node.style.left = pct(t) + "%";
  return node;
}

function axisTicks() {
  // Month ticks (1, 2, 3, 6, 12, 24, 60 or 120 apart), or day ticks under two months.
  const { start, end } = state.span;
  const ticks = [];
  if (end - start < 60 * DAY) {
    const step = Math.ceil((end - start) / DAY / 8) * DAY;
    for (let t = Math.ceil(start / DAY) * DAY; t <= end; t += step) ticks.push([t, day(t)]);
    return ticks;
  }
  const months = (end - start) / (30.44 * DAY);
  const step = [1, 2, 3, 6, 12, 24, 60, 120].find((s) => months / s <= 9) || 240;
  const first = new Date(start);
  let y = first.getUTCFullYear();
  let m = Math.ceil((first.getUTCMonth() + 1) / step) * step;
  for (let t = Date.UTC(y, m, 1); t <= end; t = Date.UTC(y, m, 1)) {
    const d = new Date(t);
    const label = `${step >= 12 ? "" : MONTHS[d.getUTCMonth()] + " "}${d.getUTCFullYear()}`;
    ticks.push([t, label]);
    m += step;
  }
  return ticks.filter(([t]) => Math.abs(pct(t) - pct(state.span.now)) > 4); // room for "now"
}

// -- search and the <Memory> block ----------------------------------------------------------

async function search(text) {
  const hits = await api("POST", "v1/recall", { query: text, scope: state.scope, as_of: asOf() });
  $("hits").replaceChildren(...hits.map((v) => {
    const item = el("li", "hit");
    const name = el("button", "hit-subject", v.subject);
    name.type = "button";
    name.title = "Show this subject's timeline";
    name.addEventListener("click", () => pick(v.subject));
    const when = `${day(v.valid_from)} → ${v.valid_to ? day(v.valid_to) : "now"}`;
    item.append(el("span", `tag ${v.status}`, v.status), name,
      el("span", "hit-fact", ` · ${v.relation}: ${v.value}`), el("small", "", when));
    return item;
  }));
  say(`${hits.length} hit(s) for “${text}”${asOfText()}`);
}

async function ask(question) {
  const [result] = await api("POST", "v1/context", { question, scope: state.scope, as_of: asOf() });
  $("memory").textContent = result.context;
}

function pick(subject) {
  $("subject").value = subject;
  return guarded(() => loadSubject(subject));
}

// -- wiring ---------------------------------------------------------------------------------

function start() {
  $("key").value = sessionStorage.getItem(KEY) || "";
  $("key").addEventListener("change", () => {
    sessionStorage.setItem(KEY, $("key").value.trim());
    guarded(loadScopes);
  });
  $("scope").addEventListener("change", () => guarded(loadSubjects));
  $("subject").addEventListener("change", () => pick($("subject").value));
  $("asof").addEventListener("input", showAsOf);
  $("asof").addEventListener("change", () => guarded(redraw));
  for (const [form, input, run] of [["search-form", "search", search], ["ask-form", "question", ask]]) {
    $(form).addEventListener("submit", (event) => {
      event.preventDefault();
      const text = $(input).value.trim();
      if (text) guarded(() => run(text));
    });
  }
  guarded(loadScopes);
}

start();
