// The demo chat page: officer picker, simulated officer screen (page context), streamed answers.
"use strict";

const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const MAX_RECORD_ROWS = 20;
const state = {
  token: "", officer: "", conversationId: "", firs: [], activeFir: null,
  image: null, commands: [], suggestion: -1, busy: false,
};
const $ = (id) => document.getElementById(id);

function el(tag, props = {}, children = []) {
  const node = document.createElement(tag);
  Object.assign(node, props);
  for (const child of children) node.append(child);
  return node;
}

// ---- identity -----------------------------------------------------------------------------

async function loadOfficers() {
  const select = $("officer");
  const response = await fetch("/v1/demo/officers");
  if (!response.ok) {
    // Not in demo mode: the officer pastes a token issued by the force's identity provider.
    select.hidden = true;
    $("token").hidden = false;
    document.querySelector(".token-label").hidden = false;
    $("token").addEventListener("change", () => {
      state.token = $("token").value.trim();
      startSession("token");
    });
    return;
  }
  const { officers } = await response.json();
  for (const officer of officers) {
    const places = officer.precincts.length > 3 ? `${officer.precincts.length} precincts` : officer.precincts.join(", ");
    const text = `${officer.badge_id} · ${officer.rank} ${officer.name} · clearance ${officer.clearance} · ${places}`;
    select.append(el("option", { value: officer.badge_id, textContent: text }));
  }
  select.addEventListener("change", () => chooseOfficer(select.value));
  const preferred = officers.find((o) => o.badge_id === "KA-3003") || officers[0];
  if (preferred) {
    select.value = preferred.badge_id;
    await chooseOfficer(preferred.badge_id);
  }
}

async function chooseOfficer(badgeId) {
  const response = await fetch("/v1/demo/token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ badge_id: badgeId }),
  });
  if (!response.ok) {
    $("officer-status").textContent = "could not sign in";
    return;
  }
  const body = await response.json();
  state.token = body.token;
  const roles = body.officer.roles.length ? ` · ${body.officer.roles.join(", ")}` : "";
  $("officer-status").textContent = `signed in (demo token)${roles}`;
  startSession(badgeId);
  await loadRecentFirs();
}

// ---- conversation: one id per officer session, kept across reloads of this tab -------------

function newConversationId() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function startSession(officer, fresh = false) {
  const key = `crimeassist.conversation.${officer}`;
  let id = fresh ? "" : sessionStorage.getItem(key) || "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) id = newConversationId();
  sessionStorage.setItem(key, id);
  if (state.officer !== officer || fresh) $("log").replaceChildren();
  state.officer = officer;
  state.conversationId = id;
  $("conversation").textContent = `conversation ${id.slice(0, 8)}`;
}

// ---- the officer's own recent FIRs (cleared records only) ------------------------------------

async function loadRecentFirs() {
  state.firs = [];
  state.activeFir = null;
  const response = await fetch("/v1/demo/recent-firs", { headers: { Authorization: `Bearer ${state.token}` } });
  if (response.ok) {
    state.firs = (await response.json()).firs.map((f) => ({ id: f.fir_id, station: f.station, head: f.crime_head }));
  }
  renderFirList();
}

// ---- simulated officer screen -> page context -------------------------------------------------

function renderFirList() {
  const body = $("fir-list");
  body.replaceChildren();
  for (const fir of state.firs) {
    const open = state.activeFir === fir.id;
    const button = el("button", {
      type: "button",
      textContent: open ? "Close" : "Open",
      className: "open-fir",
    });
    button.setAttribute("aria-pressed", String(open));
    button.setAttribute("aria-label", `${open ? "Close" : "Open"} ${fir.id}`);
    button.addEventListener("click", () => {
      state.activeFir = open ? null : fir.id;
      renderFirList();
    });
    const row = el("tr", { className: open ? "active" : "" }, [
      el("td", { textContent: fir.id }),
      el("td", { textContent: fir.station }),
      el("td", { textContent: fir.head }),
      el("td", {}, [button]),
    ]);
    body.append(row);
  }
  renderContextSummary();
}

function appliedFilters() {
  const filters = {};
  if ($("filter-district").value) filters.district = $("filter-district").value;
  if ($("filter-range").value) filters.date_range = $("filter-range").value;
  return filters;
}

function pageContext() {
  return {
    schema_version: "1",
    captured_at: new Date().toISOString(),
    active_fir_id: state.activeFir,
    current_module: state.activeFir ? "fir_view" : "fir_list",
    applied_filters: appliedFilters(),
    visible_record_ids: state.activeFir ? [state.activeFir] : state.firs.map((f) => f.id),
  };
}

function renderContextSummary() {
  const filters = Object.entries(appliedFilters()).map(([k, v]) => `${k}=${v}`).join(", ");
  const open = state.activeFir ? `Open: ${state.activeFir} (fir_view)` : "No FIR open (fir_list)";
  $("context-summary").textContent = `${open}${filters ? ` · filters: ${filters}` : ""}`;
}

// ---- image attachment ---------------------------------------------------------------------------

function sniffType(bytes) {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((b, i) => bytes[i] === b)) return "image/png";
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  return null;
}

function toBase64(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

async function onImageChosen() {
  const file = $("image").files[0];
  clearImage(false);
  if (!file) return;
  if (file.size > MAX_IMAGE_BYTES) {
    showFormError(`${file.name} is larger than 10 MB.`);
    $("image").value = "";
    return;
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type) {
    showFormError(`${file.name} is not a JPEG or PNG image.`);
    $("image").value = "";
    return;
  }
  state.image = { filename: file.name, content_type: type, data_base64: toBase64(bytes) };
  $("attachment").textContent = `Attached: ${file.name} (${Math.ceil(file.size / 1024)} KB)`;
  $("clear-image").hidden = false;
}

function clearImage(resetInput = true) {
  state.image = null;
  if (resetInput) $("image").value = "";
  $("attachment").textContent = "";
  $("clear-image").hidden = true;
  showFormError("");
}

function showFormError(text) {
  $("form-error").textContent = text;
}

// ---- slash-command completion -----------------------------------------------------------------

async function loadCommands() {
  const response = await fetch("/v1/commands");
  if (response.ok) state.commands = (await response.json()).commands;
}

function matchingCommands() {
  const text = $("message").value;
  if (!text.startsWith("/") || /\s/.test(text)) return [];
  const typed = text.slice(1).toLowerCase();
  return state.commands.filter((c) => c.name.startsWith(typed) && c.name !== typed);
}

function renderSuggestions() {
  const list = $("suggestions");
  const matches = matchingCommands();
  list.replaceChildren();
  list.hidden = matches.length === 0;
  $("message").setAttribute("aria-expanded", String(!list.hidden));
  if (state.suggestion >= matches.length) state.suggestion = matches.length - 1;
  matches.forEach((command, index) => {
    const item = el("li", { id: `cmd-${command.name}`, className: "suggestion" }, [
      el("code", { textContent: command.usage }),
      el("span", { textContent: ` ${command.description}` }),
    ]);
    item.setAttribute("role", "option");
    item.setAttribute("aria-selected", String(index === state.suggestion));
    item.addEventListener("mousedown", (event) => {
      event.preventDefault();
      acceptSuggestion(command);
    });
    list.append(item);
  });
  const active = matches[state.suggestion];
  $("message").setAttribute("aria-activedescendant", active ? `cmd-${active.name}` : "");
}

function acceptSuggestion(command) {
  $("message").value = `/${command.name}${command.needs_argument ? " " : ""}`;
  state.suggestion = -1;
  renderSuggestions();
  $("message").focus();
}

function onMessageKey(event) {
  const matches = matchingCommands();
  if (matches.length && ["ArrowDown", "ArrowUp"].includes(event.key)) {
    event.preventDefault();
    const step = event.key === "ArrowDown" ? 1 : -1;
    state.suggestion = (state.suggestion + step + matches.length) % matches.length;
    renderSuggestions();
    return;
  }
  if (matches.length && state.suggestion >= 0 && (event.key === "Enter" || event.key === "Tab")) {
    event.preventDefault();
    acceptSuggestion(matches[state.suggestion]);
    return;
  }
  if (event.key === "Escape") {
    $("suggestions").hidden = true;
    return;
  }
  if (event.key === "Enter" && !event.shiftKey) {
    event.preventDefault();
    $("composer").requestSubmit();
  }
}

// ---- streaming -------------------------------------------------------------------------------

function parseFrame(frame) {
  let event = "message";
  const data = [];
  for (const line of frame.split("\n")) {
    if (line.startsWith("event:")) event = line.slice(6).trim();
    else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
  }
  return data.length ? { event, data: JSON.parse(data.join("\n")) } : null;
}

async function* sseEvents(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const parsed = parseFrame(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
      if (parsed) yield parsed;
    }
  }
}

function progressStep(text) {
  const step = el("span", { className: "step", textContent: text });
  $("progress").append(step);
  return step;
}

async function ask(message) {
  const request = {
    message,
    page_context: pageContext(),
    attachments: state.image ? [state.image] : [],
    conversation_id: state.conversationId || null,
  };
  const question = el("li", { className: "turn officer" }, [el("p", { textContent: message })]);
  if (state.image) question.append(el("p", { className: "muted", textContent: `Attached: ${state.image.filename}` }));
  $("log").append(question);
  $("progress").replaceChildren();
  const steps = [];
  let routeShown = false;
  const response = await fetch("/v1/chat/stream", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${state.token}` },
    body: JSON.stringify(request),
  });
  if (!response.ok) {
    const body = await response.json().catch(() => ({}));
    renderError(body.error || `http_${response.status}`, body.message || response.statusText);
    return;
  }
  for await (const { event, data } of sseEvents(response)) {
    if (event === "progress") {
      if (data.route && !routeShown) {
        routeShown = true;
        steps.push(progressStep(`route: ${data.route} (${data.confidence.toFixed(2)})`).textContent);
      }
      steps.push(progressStep(data.label).textContent);
    } else if (event === "final") {
      renderAnswer(data, steps);
    } else if (event === "error") {
      renderError(data.error, data.message);
    }
  }
}

// ---- rendering --------------------------------------------------------------------------------

function renderAnswer(answer, steps) {
  const head = el("div", { className: "answer-head" }, [
    el("span", { className: `badge route-${answer.route}`, textContent: answer.route }),
    el("span", { className: "muted", textContent: ` confidence ${answer.confidence.toFixed(2)}` }),
  ]);
  const item = el("li", { className: "turn assistant" }, [head]);
  if (answer.partial) item.append(el("p", { className: "partial", textContent: "Partial answer" }));
  for (const warning of answer.warnings) item.append(el("p", { className: "warning", textContent: warning }));
  item.append(el("p", { className: "answer-text", textContent: answer.answer }));
  if (answer.records.length) item.append(recordsTable(answer.records));
  if (answer.citations.length) {
    const list = el("ol", { className: "citations" });
    for (const c of answer.citations) {
      list.append(el("li", {}, [
        el("span", { className: "kind", textContent: c.kind }),
        el("strong", { textContent: ` ${c.title}` }),
        el("span", { className: "muted", textContent: ` ${c.id}` }),
        c.snippet ? el("q", { textContent: c.snippet }) : "",
      ]));
    }
    item.append(el("details", { className: "sources", open: true }, [el("summary", { textContent: `Sources (${answer.citations.length})` }), list]));
  }
  const r = answer.redactions;
  const foot = `redactions: ${r.pre_retrieval} before retrieval, ${r.post_generation} after generation · ${Math.round(answer.timings_ms.total || 0)} ms`;
  item.append(el("p", { className: "meta muted", textContent: foot }));
  if (steps.length) {
    item.append(el("details", { className: "steps" }, [el("summary", { textContent: "Steps" }), el("p", { textContent: steps.join(" → ") })]));
  }
  $("log").append(item);
  item.scrollIntoView({ block: "nearest" });
}

function recordsTable(records) {
  const columns = Object.keys(records[0]).slice(0, 8);
  const table = el("table", { className: "records" });
  table.append(el("caption", { textContent: `Records (${records.length})` }));
  const headRow = el("tr", {}, columns.map((c) => el("th", { scope: "col", textContent: c })));
  table.append(el("thead", {}, [headRow]));
  const body = el("tbody");
  for (const row of records.slice(0, MAX_RECORD_ROWS)) {
    body.append(el("tr", {}, columns.map((c) => el("td", { textContent: row[c] ?? "" }))));
  }
  table.append(body);
  return el("div", { className: "table-wrap" }, [table]);
}

function renderError(code, message) {
  $("log").append(el("li", { className: "turn assistant error-turn" }, [
    el("p", { className: "error", textContent: message }),
    el("p", { className: "muted", textContent: code }),
  ]));
}

// ---- wiring -----------------------------------------------------------------------------------

async function onSubmit(event) {
  event.preventDefault();
  const message = $("message").value.trim();
  if (!message || state.busy) return;
  if (!state.token) {
    showFormError("Choose an officer (or paste a token) first.");
    return;
  }
  state.busy = true;
  $("send").disabled = true;
  $("message").value = "";
  renderSuggestions();
  try {
    await ask(message);
  } catch (error) {
    renderError("network", `The request failed: ${error.message}`);
  } finally {
    clearImage();
    state.busy = false;
    $("send").disabled = false;
    $("message").focus();
  }
}

document.addEventListener("DOMContentLoaded", () => {
  renderFirList();
  $("filters").addEventListener("change", renderContextSummary);
  $("image").addEventListener("change", onImageChosen);
  $("clear-image").addEventListener("click", () => clearImage());
  $("message").addEventListener("input", () => { state.suggestion = -1; renderSuggestions(); });
  $("message").addEventListener("keydown", onMessageKey);
  $("composer").addEventListener("submit", onSubmit);
  $("new-conversation").addEventListener("click", () => { if (state.officer) startSession(state.officer, true); });
  Promise.all([loadOfficers(), loadCommands()]).then(() => document.body.setAttribute("data-ready", "true"));
});
