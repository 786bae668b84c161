// The local sandbox page: a Discord-like channel over the emulator's page API.
// Plain JavaScript, no build step. State arrives over a WebSocket (/ws?user=ID); actions are
// POSTs to /api/*. Ids are strings (snowflakes do not fit a JavaScript number).
"use strict";

const state = {
  me: null, // user id
  users: [], // {id, name, bot, locale}: locale is the user's Discord client locale
  guild: null, // {id, name, locale}: locale is the server's preferred locale
  locales: [], // Discord's locales, {code, name}
  atBottom: true, // the message list is scrolled to the end (new messages keep it there)
  channels: [], // text channels, and threads ({parent_id, archived, locked}) under them
  channel: null, // id of the channel (or thread) shown
  bot: null,
  commands: [],
  mentionables: { users: {}, channels: {}, roles: {} },
  messages: new Map(), // id -> message view
  failed: new Map(), // message id -> text, for "This interaction failed"
  pending: new Set(), // custom_ids being clicked, "messageId/customId"
  dismissed: new Set(),
  unread: new Set(),
  ws: null,
  connectSerial: 0,
  suggestions: [],
  active: -1,
  navigated: false, // arrow keys moved through the suggestions: Enter picks one
  modal: null,
};

const $ = (sel) => document.querySelector(sel);
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "html") node.innerHTML = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
};

// ----- helpers ---------------------------------------------------------------------------------

const ICONS = {
  eye: '<svg viewBox="0 0 24 24" width="16" height="16" fill="currentColor"><path d="M12 5C5.6 5 ' +
    '2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7' +
    'a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"/></svg>',
  file: '<svg viewBox="0 0 24 30" width="30" height="38"><path d="M2 1h13l7 7v21H2z" fill="#5865f2"/>' +
    '<path d="M15 1v7h7" fill="#8d97f8"/><path d="M6 15h12M6 19h12M6 23h8" stroke="#fff" ' +
    'stroke-width="1.6"/></svg>',
};

const AVATAR_COLORS = ["#5865f2", "#3ba55c", "#faa61a", "#ed4245", "#eb459e", "#1abc9c",
  "#e67e22", "#9b59b6"];

function avatar(user) {
  let hash = 0;
  for (const ch of user.id || user.name) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const color = user.bot ? "#5865f2" : AVATAR_COLORS[hash % AVATAR_COLORS.length];
  return el("span", { class: `avatar${user.bot ? " bot" : ""}`, style: `background:${color}` },
    (user.name || "?").slice(0, 1).toUpperCase());
}

function byId(a, b) {
  const x = BigInt(a.id), y = BigInt(b.id);
  return x < y ? -1 : x > y ? 1 : 0;
}

function userName(id) { return state.mentionables.users[id] || "unknown-user"; }
function meUser() { return state.users.find((u) => u.id === state.me); }

function formatTime(ms) {
  const d = new Date(ms);
  const now = new Date();
  const hm = d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  if (d.toDateString() === now.toDateString()) return `Today at ${hm}`;
  return `${d.toLocaleDateString()} ${hm}`;
}

function formatSize(n) {
  if (n < 1024) return `${n} bytes`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(2)} KB`;
  return `${(n / 1024 / 1024).toFixed(2)} MB`;
}

function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({
    "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;",
  })[c]);
}

// Discord markdown, the common subset: code, bold, italic, underline, strike, spoilers, quotes,
// headings, links, mentions, timestamps and custom emoji.
function markdown(text) {
  const stash = [];
  const keep = (html) => { stash.push(html); return `\u0000${stash.length - 1}\u0000`; };
  let s = escapeHtml(text || "");
  s = s.replace(/```(?:([\w+-]+)\n)?([\s\S]*?)```/g, (_, lang, code) =>
    keep(`<pre><code>${code.replace(/^\n/, "")}</code></pre>`));
  s = s.replace(/`([^`\n]+)`/g, (_, code) => keep(`<code>${code}</code>`));
  s = s.replace(/&lt;@!?(\d+)&gt;/g, (_, id) =>
    keep(`<span class="mention">@${escapeHtml(userName(id))}</span>`));
  s = s.replace(/&lt;@&amp;(\d+)&gt;/g, (_, id) =>
    keep(`<span class="mention">@${escapeHtml(state.mentionables.roles[id] || "role")}</span>`));
  s = s.replace(/&lt;#(\d+)&gt;/g, (_, id) =>
    keep(`<span class="mention">#${escapeHtml(state.mentionables.channels[id] || "channel")}</span>`));
  s = s.replace(/&lt;a?:(\w+):\d+&gt;/g, (_, name) => `:${name}:`);
  s = s.replace(/&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;/g, (_, secs, style) =>
    keep(`<code>${escapeHtml(timestamp(Number(secs), style || "f"))}</code>`));
  s = s.replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label, url) =>
    keep(`<a href="${url}" target="_blank" rel="noopener">${label}</a>`));
  s = s.replace(/(https?:\/\/[^\s<]+)/g, (url) =>
    keep(`<a href="${url}" target="_blank" rel="noopener">${url}</a>`));
  s = s.replace(/\*\*\*([\s\S]+?)\*\*\*/g, "<strong><em>$1</em></strong>");
  s = s.replace(/\*\*([\s\S]+?)\*\*/g, "<strong>$1</strong>");
  s = s.replace(/__([\s\S]+?)__/g, "<u>$1</u>");
  s = s.replace(/(^|[^*\w])\*(?!\s)([^*\n]+?)\*(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/(^|\W)_([^_\n]+?)_(?!\w)/g, "$1<em>$2</em>");
  s = s.replace(/~~([\s\S]+?)~~/g, "<s>$1</s>");
  s = s.replace(/\|\|([\s\S]+?)\|\|/g, '<span class="spoiler">$1</span>');
  s = s.replace(/^### (.*)$/gm, "<h3>$1</h3>");
  s = s.replace(/^## (.*)$/gm, "<h2>$1</h2>");
  s = s.replace(/^# (.*)$/gm, "<h1>$1</h1>");
  s = s.replace(/^-# (.*)$/gm, '<small style="color:var(--muted)">$1</small>');
  s = s.replace(/^&gt; (.*)$/gm, "<blockquote>$1</blockquote>");
  s = s.replace(/<\/(h[123]|blockquote)>\n/g, "</$1>");
  return s.replace(/\u0000(\d+)\u0000/g, (_, i) => stash[Number(i)]);
}

// A <t:seconds:style> timestamp as Discord shows it: in the reader's Discord language.
const TIME_STYLES = {
  t: { hour: "2-digit", minute: "2-digit" },
  T: { hour: "2-digit", minute: "2-digit", second: "2-digit" },
  d: { year: "numeric", month: "2-digit", day: "2-digit" },
  D: { year: "numeric", month: "long", day: "numeric" },
  f: { year: "numeric", month: "long", day: "numeric", hour: "2-digit", minute: "2-digit" },
  F: { weekday: "long", year: "numeric", month: "long", day: "numeric", hour: "2-digit",
    minute: "2-digit" },
};

function readerLocale() {
  const me = meUser();
  return me && me.locale ? me.locale : "en-US";
}

function timestamp(secs, style) {
  const locale = readerLocale();
  const date = new Date(secs * 1000);
  try {
    if (style === "R") {
      const diff = Math.round((date.getTime() - Date.now()) / 1000);
      const abs = Math.abs(diff);
      const [value, unit] = abs < 60 ? [diff, "second"] : abs < 3600 ? [diff / 60, "minute"]
        : abs < 86400 ? [diff / 3600, "hour"] : [diff / 86400, "day"];
      return new Intl.RelativeTimeFormat(locale, { numeric: "always" })
        .format(Math.round(value), unit);
    }
    return new Intl.DateTimeFormat(locale, TIME_STYLES[style]).format(date);
  } catch (err) {
    return date.toLocaleString();
  }
}

function toast(title, detail, kind = "error") {
  const node = el("div", { class: `toast ${kind}` }, el("b", {}, title), detail || "");
  $("#toasts").append(node);
  setTimeout(() => node.remove(), kind === "error" ? 9000 : 5000);
}

function showComposerError(text) {
  const box = $("#composer-error");
  box.textContent = text;
  box.hidden = !text;
}

async function api(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ user: state.me, ...body }),
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status} ${response.statusText}`);
  return data;
}

// ----- connection ------------------------------------------------------------------------------

function wantedUser() {
  const hash = new URLSearchParams(location.hash.slice(1));
  return hash.get("as") || sessionStorage.getItem("sandbox-user") || "";
}

function connect(user) {
  const serial = ++state.connectSerial;
  if (state.ws) state.ws.close();
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const query = user ? `?user=${encodeURIComponent(user)}` : "";
  const ws = new WebSocket(`${scheme}://${location.host}/ws${query}`);
  state.ws = ws;
  ws.onmessage = (event) => {
    if (serial !== state.connectSerial) return;
    handleFrame(JSON.parse(event.data));
  };
  ws.onclose = () => {
    if (serial !== state.connectSerial) return;
    setBotStatus(false, "sandbox stopped — reconnecting…");
    setTimeout(() => { if (serial === state.connectSerial) connect(state.me || user); }, 1500);
  };
}

function handleFrame(frame) {
  switch (frame.type) {
    case "hello": return hello(frame);
    case "message": return upsert(frame.message);
    case "delete": return removeMessage(frame.id);
    case "commands": state.commands = frame.commands; return updateSuggestions();
    case "ack": return clearPending(frame.message_id);
    case "failed": return interactionFailed(frame);
    case "modal": return openModal(frame.interaction, frame.modal);
    case "violation": return toast(`Discord would refuse this: ${frame.kind}`, frame.detail);
    case "status": return setBotStatus(frame.bot_connected);
    case "world": return worldChanged(frame);
    case "thread": return threadChanged(frame.thread);
    case "thread_delete": return threadDeleted(frame.id);
    default: return undefined;
  }
}

function hello(frame) {
  state.me = frame.me;
  state.users = frame.users;
  state.guild = frame.guild;
  state.locales = frame.locales;
  state.channels = frame.channels;
  state.bot = frame.bot;
  state.commands = frame.commands;
  state.mentionables = frame.mentionables;
  state.messages = new Map(frame.messages.map((m) => [m.id, m]));
  state.failed.clear();
  state.pending.clear();
  state.unread.clear();
  if (!state.channels.some((c) => c.id === state.channel)) {
    const saved = sessionStorage.getItem("sandbox-channel");
    const found = state.channels.find((c) => c.id === saved || (!c.parent_id && c.name === saved));
    state.channel = (found || state.channels[0]).id;
  }
  const me = meUser();
  sessionStorage.setItem("sandbox-user", me.name);
  history.replaceState(null, "", `#as=${encodeURIComponent(me.name)}`);
  document.title = `${me.name} — ${frame.title}`;
  $("#guild-name").textContent = frame.guild.name;
  setBotStatus(frame.bot_connected);
  renderUsers();
  renderLocales();
  renderChannels();
  renderMessages(true);
  updateSuggestions();
}

function setBotStatus(online, text) {
  const box = $("#bot-status");
  box.classList.toggle("online", !!online);
  box.classList.toggle("offline", !online);
  const name = state.bot ? state.bot.name : "bot";
  $("#bot-status-text").textContent = text || (online ? `${name} online` : `${name} offline`);
}

// ----- rendering: chrome -----------------------------------------------------------------------

function renderUsers() {
  const box = $("#user-switch");
  box.querySelectorAll(".user-switch").forEach((n) => n.remove());
  for (const user of state.users) {
    box.append(el("button", {
      type: "button",
      class: `user-switch${user.id === state.me ? " active" : ""}`,
      role: "radio",
      "aria-checked": user.id === state.me ? "true" : "false",
      dataset: { userName: user.name, userId: user.id },
      title: `Act as ${user.name}`,
      onclick: () => switchUser(user),
    }, avatar(user), user.name,
    user.locale && user.locale !== "en-US"
      ? el("span", { class: "locale-tag", title: localeName(user.locale) }, user.locale) : null));
  }
}

function worldChanged(frame) {
  const before = readerLocale();
  state.users = frame.users;
  state.guild = frame.guild;
  state.locales = frame.locales;
  if (frame.commands) state.commands = frame.commands; // named in the reader's language
  renderUsers();
  renderLocales();
  if (readerLocale() !== before) renderMessages(false); // timestamps in the new language
}

function localeName(code) {
  const found = state.locales.find((l) => l.code === code);
  return found ? found.name : code;
}

function fillLocales(select, value) {
  if (select.options.length !== state.locales.length) {
    select.replaceChildren(...state.locales.map((l) =>
      el("option", { value: l.code }, `${l.name} (${l.code})`)));
  }
  select.value = value;
}

// The user's Discord language (their client locale, sent with every click and command) and the
// server's (its preferred locale, as a server owner sets it in Discord).
function renderLocales() {
  const me = meUser();
  if (me) {
    fillLocales($("#my-locale"), me.locale);
    $("#my-locale-label").textContent = `${me.name}'s Discord language`;
  }
  if (state.guild) fillLocales($("#server-locale"), state.guild.locale);
}

async function chooseLocale(event) {
  const locale = event.target.value;
  const me = meUser();
  try {
    await api("/api/locale", { locale });
    toast(`${me.name}'s Discord is now in ${localeName(locale)}`,
      "Every click and command they make says so (the interaction's locale).", "info");
  } catch (err) {
    toast("Could not change the language", err.message);
    renderLocales();
  }
}

async function chooseServerLocale(event) {
  const locale = event.target.value;
  try {
    await api("/api/server-locale", { locale });
    toast(`The server's language is now ${localeName(locale)}`,
      "The bot was told at once (GUILD_UPDATE). /settings language overrides it.", "info");
  } catch (err) {
    toast("Could not change the server's language", err.message);
    renderLocales();
  }
}

function switchUser(user) {
  if (user.id === state.me) return;
  state.me = user.id;
  showComposerError("");
  connect(user.id);
}

// As Discord's sidebar: each text channel, then its active threads indented under it (an
// archived one only while it is open, greyed).
function renderChannels() {
  const list = $("#channels");
  list.replaceChildren();
  for (const channel of state.channels.filter((c) => !c.parent_id)) {
    list.append(channelItem(channel, el("span", { class: "hash" }, "#")));
    for (const thread of threadsOf(channel.id)) {
      if (thread.archived && thread.id !== state.channel) continue;
      list.append(channelItem(thread, el("span", { class: "branch" }, "└")));
    }
  }
  const current = currentChannel();
  const parent = current && current.parent_id
    ? state.channels.find((c) => c.id === current.parent_id) : null;
  $("#channel-name").textContent = current
    ? (parent ? `${parent.name} › ${current.name}` : current.name) : "";
  $("#channel-topic").textContent = current ? channelNote(current) : "";
  const where = current && current.parent_id ? current.name : current ? `#${current.name}` : "";
  $("#composer").placeholder = current
    ? `Message ${where} — type / for ${state.bot ? state.bot.name : "the bot"}'s commands`
    : "";
}

function channelItem(channel, icon) {
  const classes = [channel.id === state.channel ? "active" : "",
    state.unread.has(channel.id) ? "unread" : "",
    channel.parent_id ? "thread" : "", channel.archived ? "archived" : ""].join(" ");
  return el("li", {
    class: classes,
    dataset: channel.parent_id
      ? { channelId: channel.id, channelName: channel.name, threadOf: channel.parent_id }
      : { channelId: channel.id, channelName: channel.name },
    title: channel.parent_id ? channelNote(channel) : null,
    onclick: () => selectChannel(channel.id),
  }, icon, channel.name, channel.locked ? el("span", { class: "lock" }, " 🔒") : null);
}

function channelNote(channel) {
  if (!channel.parent_id) return channel.topic || "";
  if (channel.archived && channel.locked) return "This thread is archived and locked.";
  if (channel.archived) return "This thread is archived. Sending a message reopens it.";
  if (channel.locked) return "This thread is locked: only moderators may talk in it.";
  return `Thread · ${messagesText(threadMessageCount(channel.id))}`;
}

function messagesText(n) { return `${n} message${n === 1 ? "" : "s"}`; }

function currentChannel() { return state.channels.find((c) => c.id === state.channel); }

function threadsOf(parentId) {
  return state.channels.filter((c) => c.parent_id === parentId).sort(byId);
}

// What the link under a starter message counts: the thread's messages this person can see.
function threadMessageCount(threadId) {
  let n = 0;
  for (const m of state.messages.values()) if (m.channel_id === threadId && !m.ephemeral) n += 1;
  return n;
}

function threadChanged(thread) {
  const known = state.channels.findIndex((c) => c.id === thread.id);
  if (known >= 0) state.channels[known] = thread; else state.channels.push(thread);
  renderChannels();
  for (const m of state.messages.values()) if (m.thread === thread.id) upsert(m);
}

function threadDeleted(id) {
  state.channels = state.channels.filter((c) => c.id !== id);
  for (const [key, m] of [...state.messages]) if (m.channel_id === id) state.messages.delete(key);
  if (state.channel === id) state.channel = state.channels[0].id;
  renderChannels();
  renderMessages(true);
}

function selectChannel(id) {
  state.channel = id;
  state.unread.delete(id);
  const channel = state.channels.find((c) => c.id === id);
  sessionStorage.setItem("sandbox-channel", channel.parent_id ? channel.id : channel.name);
  renderChannels();
  renderMessages(true);
}

// ----- rendering: messages ---------------------------------------------------------------------

function nearBottom() {
  const box = $("#messages");
  return box.scrollHeight - box.scrollTop - box.clientHeight < 120;
}

// As in Discord, a list scrolled to the end stays at the end when messages arrive, grow (an
// image loading) or go; one the person scrolled up stays where it is. Only the person scrolling
// up unsticks it: after each change the page makes, the position it leaves is remembered, so
// the scroll events its own changes cause (a list shrinking moves scrollTop up) do not count.
// A move up that no wheel, touch, key or press on the list came just before is the browser's
// doing (a layout shift, a button scrolled into view as it is clicked): the list stays stuck.
let lastScrollTop = 0;
let lastScrollIntent = -Infinity;
const SCROLL_INTENT_MS = 1000;

function stickToBottom() {
  const box = $("#messages");
  if (state.atBottom) box.scrollTop = box.scrollHeight;
  lastScrollTop = box.scrollTop;
}

function onScroll() {
  const top = $("#messages").scrollTop;
  if (top < lastScrollTop) {
    if (performance.now() - lastScrollIntent < SCROLL_INTENT_MS) state.atBottom = nearBottom();
    else if (state.atBottom) { stickToBottom(); return; }
  } else if (nearBottom()) state.atBottom = true;
  lastScrollTop = top;
}

const SCROLL_KEYS = new Set(["PageUp", "PageDown", "ArrowUp", "ArrowDown", "Home", "End", " "]);

function scrollIntent(event) {
  // A press on the scrollbar (its target is the list itself, never a message's button), or a
  // key that scrolls when no field has the focus.
  if (event.type === "pointerdown" && event.target !== $("#messages")) return;
  if (event.type === "keydown") {
    const field = /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement?.tagName || "");
    if (field || !SCROLL_KEYS.has(event.key)) return;
  }
  lastScrollIntent = performance.now();
}

const resized = typeof ResizeObserver === "function" ? new ResizeObserver(stickToBottom) : null;

function replaceNode(node, next) {
  if (resized) resized.unobserve(node);
  if (next) node.replaceWith(next); else node.remove();
}

function renderMessages(scroll) {
  const box = $("#messages");
  const stick = scroll || state.atBottom || nearBottom();
  if (resized) resized.disconnect(); // every message is rendered anew below
  const list = [...state.messages.values()]
    .filter((m) => m.channel_id === state.channel && !state.dismissed.has(m.id))
    .sort(byId);
  const channel = state.channels.find((c) => c.id === state.channel);
  const nodes = list.map(renderMessage);
  if (!nodes.length && channel) {
    nodes.push(el("div", { class: "empty-channel" },
      el("h2", {}, channel.parent_id ? `${channel.name}` : `Welcome to #${channel.name}!`),
      el("p", {}, "Type / to see the bot's commands, then press Enter to run one. ",
        "Switch the user at the top to act as someone else.")));
  }
  box.replaceChildren(...nodes);
  if (stick) state.atBottom = true;
  stickToBottom();
}

function upsert(message) {
  const known = state.messages.has(message.id);
  state.messages.set(message.id, message);
  if (!known) refreshThreadLink(message.channel_id);
  if (message.channel_id !== state.channel) {
    if (!known) { state.unread.add(message.channel_id); renderChannels(); }
    return;
  }
  const node = document.querySelector(`.msg[data-message-id="${message.id}"]`);
  for (const key of [...state.pending]) {
    if (key.startsWith(`${message.id}/`)) state.pending.delete(key);
  }
  state.failed.delete(message.id);
  if (node && known) {
    const stick = state.atBottom || nearBottom();
    replaceNode(node, renderMessage(message));
    if (stick) state.atBottom = true;
    stickToBottom();
  } else {
    renderMessages(false);
  }
}

// A new message in a thread changes the count its starter message shows.
function refreshThreadLink(channelId) {
  const thread = state.channels.find((c) => c.id === channelId && c.parent_id);
  if (!thread) return;
  const node = document.querySelector(`.thread-link[data-thread-id="${channelId}"]`);
  if (node) node.replaceWith(threadLink(thread));
  if (channelId === state.channel) $("#channel-topic").textContent = channelNote(thread);
}

function threadLink(thread) {
  const n = threadMessageCount(thread.id);
  return el("div", {
    class: `thread-link${thread.archived ? " archived" : ""}`,
    dataset: { threadId: thread.id },
    title: "Open the thread",
    onclick: () => selectChannel(thread.id),
  }, el("span", { class: "thread-icon" }, "🧵"), "thread: ", el("b", {}, thread.name),
  ` · ${messagesText(n)}`, thread.archived ? " · archived" : "");
}

function removeMessage(id) {
  const message = state.messages.get(id);
  state.messages.delete(id);
  if (message) refreshThreadLink(message.channel_id);
  if (message && message.channel_id === state.channel) {
    const node = document.querySelector(`.msg[data-message-id="${id}"]`);
    if (node) replaceNode(node, null);
    stickToBottom();
  }
}

function clearPending(messageId) {
  if (!messageId) return;
  let changed = false;
  for (const key of [...state.pending]) {
    if (key.startsWith(`${messageId}/`)) { state.pending.delete(key); changed = true; }
  }
  const message = state.messages.get(messageId);
  const node = document.querySelector(`.msg[data-message-id="${messageId}"]`);
  if (changed && message && node) {
    replaceNode(node, renderMessage(message));
    stickToBottom();
  }
}

function interactionFailed(frame) {
  if (frame.message_id) {
    state.failed.set(frame.message_id, "This interaction failed");
    for (const key of [...state.pending]) {
      if (key.startsWith(`${frame.message_id}/`)) state.pending.delete(key);
    }
    const message = state.messages.get(frame.message_id);
    if (message) upsert(message);
  } else {
    showComposerError(`/${frame.name}: the application did not respond`);
  }
}

function renderMessage(m) {
  const classes = ["msg"];
  if (m.ephemeral) classes.push("ephemeral");
  if (new RegExp(`<@!?${state.me}>`).test(m.content || "")) classes.push("mentioned");
  // As in Discord, a slash command's answer says who used it; a button's answer does not.
  const used = m.interaction && m.interaction.command ? m.interaction : null;
  if (used) classes.push("has-reply");
  const node = el("article", {
    class: classes.join(" "),
    dataset: { messageId: m.id, author: m.author.name, ephemeral: m.ephemeral ? "1" : "0" },
  });
  if (used) {
    node.append(el("div", { class: "reply" }, avatar(used.user),
      el("span", { class: "who" }, used.user.name), " used ",
      el("span", { class: "cmd" }, `/${used.command}`)));
  }
  node.append(avatar(m.author));
  node.append(el("div", { class: "msg-head" },
    el("span", { class: "author" }, m.author.name),
    m.author.bot ? el("span", { class: "badge" }, "APP") : null,
    el("span", { class: "time" }, formatTime(m.timestamp))));
  if (m.loading) {
    node.append(el("div", { class: "thinking" }, `${m.author.name} is thinking`,
      el("span", { class: "dots" })));
  } else if (m.content) {
    const content = el("div", { class: "content", html: markdown(m.content) });
    if (m.edited) content.append(el("span", { class: "edited" }, "(edited)"));
    node.append(content);
  }
  const embedFiles = new Set();
  for (const embed of m.embeds || []) node.append(renderEmbed(embed, m, embedFiles));
  for (const att of m.attachments || []) {
    if (!embedFiles.has(att.filename)) node.append(renderAttachment(att));
  }
  if (m.components && m.components.length) node.append(renderComponents(m));
  const thread = m.thread ? state.channels.find((c) => c.id === m.thread) : null;
  if (thread) node.append(threadLink(thread));
  if (state.failed.has(m.id)) node.append(el("div", { class: "failed-note" }, state.failed.get(m.id)));
  if (resized) resized.observe(node); // a message growing (an image loading) keeps the end in view
  if (m.ephemeral) {
    node.append(el("div", { class: "ephemeral-note" }, el("span", { html: ICONS.eye }),
      "Only you can see this • ",
      el("span", { class: "dismiss", onclick: () => { state.dismissed.add(m.id); node.remove(); } },
        "Dismiss message")));
  }
  return node;
}

function mediaUrl(url, message, used) {
  if (!url) return null;
  if (url.startsWith("attachment://")) {
    const name = url.slice("attachment://".length);
    const att = (message.attachments || []).find((a) => a.filename === name);
    if (!att) return null;
    used.add(name);
    return att.url;
  }
  return /^https?:\/\//.test(url) ? url : null;
}

function renderEmbed(embed, message, used) {
  const color = typeof embed.color === "number"
    ? `#${embed.color.toString(16).padStart(6, "0")}` : "#1e1f22";
  const main = el("div", { class: "embed-main" });
  if (embed.author && embed.author.name) {
    const icon = mediaUrl(embed.author.icon_url, message, used);
    main.append(el("div", { class: "embed-author" }, icon ? el("img", { src: icon, alt: "" }) : null,
      embed.author.name));
  }
  if (embed.title) {
    const title = el("div", { class: "embed-title", html: markdown(embed.title) });
    const link = /^https?:\/\//.test(embed.url || "") ? embed.url : null;
    main.append(link ? el("a", { href: link, target: "_blank", rel: "noopener" }, title) : title);
  }
  if (embed.description) {
    main.append(el("div", { class: "embed-description content", html: markdown(embed.description) }));
  }
  if (embed.fields && embed.fields.length) {
    const grid = el("div", { class: "embed-fields" });
    for (const field of embed.fields) {
      grid.append(el("div", { class: `embed-field${field.inline ? " inline" : ""}` },
        el("div", { class: "embed-field-name", html: markdown(field.name) }),
        el("div", { class: "embed-field-value content", html: markdown(field.value) })));
    }
    main.append(grid);
  }
  const image = mediaUrl(embed.image && embed.image.url, message, used);
  if (image) main.append(el("div", { class: "embed-image" }, el("img", { src: image, alt: "" })));
  const footerText = [embed.footer && embed.footer.text,
    embed.timestamp ? formatTime(Date.parse(embed.timestamp)) : null].filter(Boolean).join(" • ");
  if (footerText) {
    const icon = mediaUrl(embed.footer && embed.footer.icon_url, message, used);
    main.append(el("div", { class: "embed-footer" }, icon ? el("img", { src: icon, alt: "" }) : null,
      footerText));
  }
  const thumb = mediaUrl(embed.thumbnail && embed.thumbnail.url, message, used);
  return el("div", { class: "embed", style: `border-left-color:${color}` }, main,
    thumb ? el("div", { class: "embed-thumbnail" }, el("img", { src: thumb, alt: "" })) : null);
}

function renderAttachment(att) {
  if ((att.content_type || "").startsWith("image/")) {
    return el("div", { class: "attachment-image" },
      el("a", { href: att.url, target: "_blank" }, el("img", { src: att.url, alt: att.filename })));
  }
  const card = el("div", { class: "attachment", dataset: { filename: att.filename } },
    el("span", { class: "file-icon", html: ICONS.file }),
    el("div", {},
      el("a", { class: "file-name", href: att.url, download: att.filename }, att.filename),
      el("span", { class: "file-size" }, formatSize(att.size))));
  const type = att.content_type || "";
  const textual = type.startsWith("text/") || /json|markdown|xml/.test(type)
    || /\.(md|txt|json|csv|log)$/i.test(att.filename);
  if (!textual || att.size > 256 * 1024) return card;
  // Like Discord's text file preview: the content, fetched when opened.
  const body = el("pre", { class: "file-preview" });
  const details = el("details", { class: "attachment-text" }, el("summary", {}, "Preview"), body);
  details.addEventListener("toggle", async () => {
    if (!details.open || body.dataset.loaded) return;
    body.dataset.loaded = "1";
    try {
      body.textContent = await (await fetch(att.url)).text();
    } catch (err) {
      body.textContent = `could not load: ${err.message}`;
    }
  });
  return el("div", { class: "attachment-wrap" }, card, details);
}

function renderComponents(message) {
  const box = el("div", { class: "components" });
  for (const row of message.components) {
    if (row.type !== 1) continue;
    const rowNode = el("div", { class: "action-row" });
    for (const comp of row.components || []) rowNode.append(renderComponent(comp, message));
    box.append(rowNode);
  }
  return box;
}

function renderComponent(comp, message) {
  if (comp.type === 2) {
    const pendingKey = `${message.id}/${comp.custom_id}`;
    const emoji = comp.emoji ? el("span", { class: "emoji" },
      comp.emoji.id ? `:${comp.emoji.name}:` : comp.emoji.name) : null;
    const label = comp.label ? el("span", { class: "label" }, comp.label) : null;
    if (comp.style === 5) {
      return el("a", { class: "btn style-5", href: comp.url, target: "_blank", rel: "noopener" },
        emoji, label, " ↗");
    }
    const btn = el("button", {
      type: "button",
      class: `btn style-${comp.style || 2}${state.pending.has(pendingKey) ? " pending" : ""}`,
      disabled: !!comp.disabled,
      dataset: { customId: comp.custom_id || "" },
      onclick: () => clickComponent(message, comp.custom_id, null, btn),
    }, emoji, label);
    return btn;
  }
  if ([3, 5, 6, 7, 8].includes(comp.type)) return renderSelect(comp, message);
  return el("span", { class: "time" }, `[component type ${comp.type}]`);
}

function renderSelect(comp, message) {
  const multiple = (comp.max_values || 1) > 1;
  let options = comp.options || [];
  if (comp.type !== 3) {
    const pool = comp.type === 7 ? state.mentionables.channels
      : comp.type === 6 ? state.mentionables.roles
        : Object.fromEntries(state.users.map((u) => [u.id, u.name]));
    options = Object.entries(pool).map(([value, label]) => ({ value, label }));
  }
  const select = el("select", {
    class: "select",
    disabled: !!comp.disabled,
    multiple,
    size: multiple ? Math.min(options.length, 6) : null,
    dataset: { customId: comp.custom_id },
  });
  if (!multiple) {
    select.append(el("option", { value: "", disabled: true, selected: true },
      comp.placeholder || "Make a selection"));
  }
  for (const opt of options) {
    select.append(el("option", { value: opt.value, selected: multiple && opt.default },
      opt.emoji ? `${opt.emoji.name} ` : "", opt.label,
      opt.description ? ` — ${opt.description}` : ""));
  }
  const send = () => {
    const values = [...select.selectedOptions].map((o) => o.value).filter((v) => v !== "");
    if (values.length) clickComponent(message, comp.custom_id, values, null);
  };
  if (!multiple) {
    select.addEventListener("change", send);
    return el("div", { class: "select-wrap" }, select);
  }
  return el("div", { class: "select-wrap" }, select,
    el("button", { type: "button", class: "btn style-1", disabled: !!comp.disabled, onclick: send },
      "Choose"));
}

async function clickComponent(message, customId, values, button) {
  const key = `${message.id}/${customId}`;
  state.pending.add(key);
  state.failed.delete(message.id);
  if (button) button.classList.add("pending");
  try {
    await api("/api/click", { message: message.id, custom_id: customId, values });
  } catch (err) {
    state.pending.delete(key);
    if (button) button.classList.remove("pending");
    toast("Could not click", err.message);
  }
  // The button shows "…" until the bot answers (ack), the message changes or the interaction
  // fails (after 3 s).
  setTimeout(() => { if (state.pending.has(key)) clearPending(message.id); }, 4000);
}

// ----- modal -----------------------------------------------------------------------------------

function openModal(interaction, modal) {
  state.modal = { interaction, modal };
  $("#modal-title").textContent = modal.title || "";
  const body = $("#modal-body");
  body.replaceChildren();
  for (const row of modal.components || []) {
    for (const input of row.components || [row.component].filter(Boolean)) {
      if (input.type !== 4) continue;
      const attrs = {
        name: input.custom_id,
        placeholder: input.placeholder || null,
        required: input.required !== false,
        minlength: input.min_length || null,
        maxlength: input.max_length || null,
      };
      const field = input.style === 2 ? el("textarea", { ...attrs, rows: 4 }, input.value || "")
        : el("input", { ...attrs, type: "text", value: input.value || "" });
      body.append(el("div", {}, el("label", {}, input.label || row.label || input.custom_id), field));
    }
  }
  $("#modal-backdrop").hidden = false;
  const first = body.querySelector("input, textarea");
  if (first) first.focus();
}

function closeModal() {
  $("#modal-backdrop").hidden = true;
  state.modal = null;
}

async function submitModal(event) {
  event.preventDefault();
  if (!state.modal) return;
  const values = {};
  for (const field of $("#modal-body").querySelectorAll("input, textarea")) {
    values[field.name] = field.value;
  }
  const { interaction } = state.modal;
  closeModal();
  try {
    await api("/api/modal", { interaction, values });
  } catch (err) {
    toast("Could not submit", err.message);
  }
}

// ----- composer and slash commands -------------------------------------------------------------

// What a command, option or choice is called in the reader's Discord (its localized name, as
// the bot registered it); the registered name is what the interaction carries.
const shown = (thing) => thing.label || thing.name;

// Splits "/smear start seats:4 name:two words" into the command and its options.
function parseCommand(text) {
  const body = text.replace(/^\//, "");
  const names = state.commands.map(shown).sort((a, b) => b.length - a.length);
  const words = body.trimStart();
  const typedName = names.find((n) => words === n || words.startsWith(`${n} `));
  const command = state.commands.find((c) => shown(c) === typedName);
  if (!command) return { command: null, typed: words };
  const rest = words.slice(typedName.length);
  const options = {};
  const re = /(?:^|\s)([\w-]+):/g;
  const marks = [];
  let match;
  while ((match = re.exec(rest)) !== null) {
    marks.push({ name: match[1], start: match.index + match[0].length, at: match.index });
  }
  marks.forEach((mark, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].at : rest.length;
    options[mark.name] = rest.slice(mark.start, end).trim();
  });
  const last = marks[marks.length - 1];
  const tail = last ? rest.slice(last.start) : rest;
  // Typing an option value when the text ends inside "name:value"; else maybe an option name.
  const editing = last && !/\s$/.test(rest) ? last.name : null;
  const partialName = !last && rest.trim() && !/\s$/.test(rest) ? rest.trim()
    : last && /\s\S*$/.test(tail) && !/\s$/.test(rest) && editing === null ? tail.trim() : null;
  return { command, options, editing, partialName, text: rest };
}

// Why typed text is not one of the commands, as Discord would put it: an unknown command, an
// unknown subcommand (with those there are) or a missing one. (The server says the same.)
function unknownCommand(text) {
  const words = text.replace(/^\//, "").split(/\s+/).filter((w) => w && !w.includes(":"));
  if (!words.length) return "type a command after /";
  const paths = state.commands.map((c) => shown(c).split(" "));
  for (let depth = words.length; depth > 0; depth -= 1) {
    const here = words.slice(0, depth).join(" ");
    const subs = [...new Set(paths
      .filter((p) => p.length > depth && p.slice(0, depth).join(" ") === here)
      .map((p) => p[depth]))].sort();
    if (!subs.length) continue;
    if (depth < words.length) {
      return `${words[depth]} is not a subcommand of /${here}; it has ${subs.join(", ")}`;
    }
    return `/${here} needs a subcommand: ${subs.join(", ")}`;
  }
  return `/${words[0]} is not one of the bot's commands`;
}

function optionSummary(option) {
  return el("span", { class: `opt-chip${option.required ? " required" : ""}` }, shown(option));
}

// The typed options ({shown name: text}) by their registered names, as the page sends them.
function registeredOptions(command, options) {
  const out = {};
  for (const [typed, value] of Object.entries(options)) {
    const option = command.options.find((o) => shown(o) === typed || o.name === typed);
    out[option ? option.name : typed] = value;
  }
  return out;
}

let autocompleteTimer = null;
let autocompleteSerial = 0;

function updateSuggestions() {
  const input = $("#composer");
  const text = input.value;
  const box = $("#suggestions");
  state.suggestions = [];
  if (!text.startsWith("/")) { box.hidden = true; return; }
  const parsed = parseCommand(text);
  if (!parsed.command) {
    const typed = parsed.typed.toLowerCase();
    const matches = state.commands.filter((c) => shown(c).startsWith(typed)
      || shown(c).includes(typed));
    state.suggestions = matches.map((c) => ({
      kind: "command",
      label: `/${shown(c)}`,
      extra: c.options.map(optionSummary),
      description: c.description,
      apply: () => {
        const required = c.options.find((o) => o.required);
        input.value = `/${shown(c)} ${required ? `${shown(required)}:` : ""}`;
      },
    }));
    return showSuggestions(matches.length ? "Commands" : "No matching commands");
  }
  const { command, options, editing } = parsed;
  if (editing) {
    const option = command.options.find((o) => shown(o) === editing);
    if (option && option.choices && option.choices.length) {
      const typed = (options[editing] || "").toLowerCase();
      state.suggestions = option.choices
        .filter((c) => String(shown(c)).toLowerCase().includes(typed))
        .map((c) => ({ kind: "choice", label: String(shown(c)), description: String(c.value),
          apply: () => setOptionValue(editing, String(shown(c))) }));
      return showSuggestions(`${shown(option)}: ${option.description || ""}`);
    }
    if (option && option.autocomplete) return requestAutocomplete(command, options, editing);
    if (option) {
      state.suggestions = [];
      return showSuggestions(`${shown(option)} (${typeName(option.type)}): ${option.description || ""}`);
    }
  }
  const used = new Set(Object.keys(options));
  const remaining = command.options.filter((o) => !used.has(shown(o)));
  const partial = (parsed.partialName || "").toLowerCase();
  state.suggestions = remaining
    .filter((o) => !partial || shown(o).startsWith(partial))
    .map((o) => ({
      kind: "option",
      label: `${shown(o)}${o.required ? "*" : ""}`,
      extra: [el("span", { class: "s-opts" }, typeName(o.type))],
      description: o.description,
      apply: () => {
        let value = input.value;
        if (partial) value = value.slice(0, value.length - partial.length);
        if (value && !/\s$/.test(value)) value += " ";
        input.value = `${value}${shown(o)}:`;
      },
    }));
  showSuggestions(`/${shown(command)} — ${command.description || ""}`);
}

function typeName(type) {
  return { 3: "text", 4: "integer", 5: "true/false", 6: "user", 7: "channel", 8: "role",
    9: "user or role", 10: "number", 11: "file" }[type] || `type ${type}`;
}

function setOptionValue(name, value) {
  const input = $("#composer");
  const idx = input.value.lastIndexOf(`${name}:`);
  input.value = `${input.value.slice(0, idx)}${name}:${value} `;
}

function requestAutocomplete(command, options, focused) {
  clearTimeout(autocompleteTimer);
  const serial = ++autocompleteSerial;
  autocompleteTimer = setTimeout(async () => {
    try {
      const data = await api("/api/autocomplete", {
        channel: state.channel, command: command.name, options: registeredOptions(command, options),
        focused: (command.options.find((o) => shown(o) === focused) || { name: focused }).name,
      });
      if (serial !== autocompleteSerial) return;
      state.suggestions = data.choices.map((c) => ({
        kind: "choice", label: String(c.name), description: "",
        apply: () => setOptionValue(focused, String(c.value)),
      }));
      showSuggestions(`${focused}: suggestions from ${state.bot ? state.bot.name : "the bot"}`);
    } catch (err) {
      state.suggestions = [];
      showSuggestions(`${focused}: ${err.message}`);
    }
  }, 150);
}

function showSuggestions(title) {
  const box = $("#suggestions");
  box.replaceChildren(el("div", { class: "sugg-title" }, title));
  state.active = state.suggestions.length ? Math.max(0, Math.min(state.active, state.suggestions.length - 1)) : -1;
  state.suggestions.forEach((s, i) => {
    box.append(el("div", {
      class: `suggestion${i === state.active ? " active" : ""}`,
      dataset: { kind: s.kind, value: s.label },
      onmousedown: (event) => { event.preventDefault(); applySuggestion(i); },
    }, el("span", { class: "s-name" }, s.label), ...(s.extra || []),
    el("span", { class: "s-desc" }, s.description || "")));
  });
  box.hidden = false;
}

function applySuggestion(i) {
  const s = state.suggestions[i];
  if (!s) return;
  s.apply();
  state.active = 0;
  $("#composer").focus();
  updateSuggestions();
}

async function send() {
  const input = $("#composer");
  const text = input.value.trim();
  if (!text) return;
  showComposerError("");
  if (text.startsWith("/")) {
    const parsed = parseCommand(text);
    if (!parsed.command) {
      showComposerError(unknownCommand(text));
      return;
    }
    try {
      await api("/api/invoke", {
        channel: state.channel, command: parsed.command.name,
        options: registeredOptions(parsed.command, parsed.options),
      });
      input.value = "";
    } catch (err) {
      showComposerError(err.message);
    }
  } else {
    try {
      await api("/api/say", { channel: state.channel, content: text });
      input.value = "";
    } catch (err) {
      showComposerError(err.message);
    }
  }
  updateSuggestions();
}

function onComposerKey(event) {
  const box = $("#suggestions");
  const open = !box.hidden && state.suggestions.length > 0;
  if (event.key === "ArrowDown" || event.key === "ArrowUp") {
    if (!open) return;
    event.preventDefault();
    const n = state.suggestions.length;
    state.active = (state.active + (event.key === "ArrowDown" ? 1 : n - 1)) % n;
    state.navigated = true;
    showSuggestions(box.querySelector(".sugg-title").textContent);
    return;
  }
  if (event.key === "Tab" && open) {
    event.preventDefault();
    applySuggestion(Math.max(state.active, 0));
    return;
  }
  if (event.key === "Escape") { box.hidden = true; return; }
  if (event.key === "Enter") {
    event.preventDefault();
    const parsed = $("#composer").value.startsWith("/") ? parseCommand($("#composer").value) : null;
    // Enter completes a command name first (as Discord does), then sends.
    if (open && ((parsed && !parsed.command) || state.navigated)) {
      state.navigated = false;
      applySuggestion(Math.max(state.active, 0));
      return;
    }
    send();
  }
}

// ----- start -----------------------------------------------------------------------------------

function start() {
  const input = $("#composer");
  input.addEventListener("input", () => {
    state.active = 0;
    state.navigated = false;
    showComposerError("");
    updateSuggestions();
  });
  input.addEventListener("keydown", onComposerKey);
  input.addEventListener("blur", () => setTimeout(() => { $("#suggestions").hidden = true; }, 150));
  input.addEventListener("focus", updateSuggestions);
  $("#composer-form").addEventListener("submit", (event) => { event.preventDefault(); send(); });
  $("#composer-slash").addEventListener("click", () => {
    if (!input.value.startsWith("/")) input.value = `/${input.value}`;
    input.focus();
    updateSuggestions();
  });
  $("#modal").addEventListener("submit", submitModal);
  $("#modal-cancel").addEventListener("click", closeModal);
  $("#messages").addEventListener("click", (event) => {
    if (event.target.classList.contains("spoiler")) event.target.classList.add("shown");
  });
  $("#messages").addEventListener("scroll", onScroll);
  for (const kind of ["wheel", "touchmove", "pointerdown"]) {
    $("#messages").addEventListener(kind, scrollIntent, { passive: true });
  }
  document.addEventListener("keydown", scrollIntent, { passive: true });
  $("#my-locale").addEventListener("change", chooseLocale);
  $("#server-locale").addEventListener("change", chooseServerLocale);
  window.addEventListener("hashchange", () => {
    const wanted = wantedUser();
    const user = state.users.find((u) => u.name === wanted || u.id === wanted);
    if (user && user.id !== state.me) switchUser(user);
  });
  connect(wantedUser());
}

start();
