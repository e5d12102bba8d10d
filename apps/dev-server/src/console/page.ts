/**
 * The anchor console page. Plain HTML, one inline script (sign-in, conversations, polling) and the
 * same-origin call script `/dev/anchor/call.js` (callClient.ts: the call panel, driven by
 * @vchat/webrtc-call). The inline script hands the call script what it polls as DOM events
 * (`anchor:signed-in`, `anchor:call-action`, `anchor:signed-out`) and polls every 100 ms while the
 * call script marks a call as under way (`body[data-call="active"]`). Every text from the network is
 * set with `textContent` (never as HTML), so messages and names show exactly as typed.
 */
import { PRIVATE_PHOTO_COUNT } from '../constants.ts'

export const ANCHOR_CONSOLE_HTML = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>vchat · anchor console (development)</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f3f8; color: #1c1b22; }
  header { padding: 12px 16px; background: #5b3cc4; color: #fff; }
  h1 { font-size: 1.1rem; margin: 0; }
  main { display: grid; grid-template-columns: 1fr; gap: 12px; padding: 12px; }
  @media (min-width: 720px) { main { grid-template-columns: minmax(200px, 280px) 1fr; } }
  section { min-inline-size: 0; }
  input { min-inline-size: 0; }
  form { display: flex; gap: 8px; flex-wrap: wrap; align-items: end; }
  label { display: flex; flex-direction: column; font-size: 0.85rem; gap: 4px; }
  input, button { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid #767676; }
  button { background: #5b3cc4; color: #fff; border-color: #5b3cc4; cursor: pointer; }
  section { background: #fff; border-radius: 12px; padding: 12px; }
  #threads { list-style: none; margin: 0; padding: 0; }
  #threads button { inline-size: 100%; text-align: start; background: none; color: inherit; border: 0; border-block-end: 1px solid #ddd; border-radius: 0; }
  #messages { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; max-block-size: 60vh; overflow-y: auto; }
  #messages li { padding: 6px 10px; border-radius: 12px; background: #eee; max-inline-size: 80%; white-space: pre-wrap; overflow-wrap: anywhere; }
  #messages li.out { align-self: flex-end; background: #5b3cc4; color: #fff; }
  .meta { display: block; font-size: 0.7rem; opacity: 0.8; }
  [hidden] { display: none !important; }
  #status { margin-inline-start: 12px; font-size: 0.85rem; }
  #chat-head { display: flex; gap: 8px; align-items: center; justify-content: space-between; flex-wrap: wrap; }
  #call-panel { margin: 12px; }
  .videos { display: grid; grid-template-columns: 1fr; gap: 8px; }
  @media (min-width: 720px) { .videos { grid-template-columns: 2fr 1fr; } }
  video { inline-size: 100%; background: #1c1b22; border-radius: 8px; aspect-ratio: 4 / 3; }
  .call-row { display: flex; gap: 8px; flex-wrap: wrap; align-items: center; margin-block: 8px; }
  #call-decline, #call-hangup { background: #b3261e; border-color: #b3261e; }
  button[aria-pressed="true"] { background: #fff; color: #5b3cc4; }
  button:disabled { opacity: 0.5; cursor: not-allowed; }
</style>
<script type="module" src="/dev/anchor/call.js"></script>
</head>
<body>
<header><h1>Anchor console <span id="status" role="status"></span></h1></header>
<section id="login-panel" style="margin:12px">
  <form id="login">
    <label>Anchor uid <input name="uid" value="200001" inputmode="numeric" required></label>
    <label>Password <input name="password" type="password" value="demo1234" required></label>
    <button type="submit">Sign in</button>
  </form>
  <p id="login-error" role="alert"></p>
</section>
<section id="call-panel" aria-labelledby="call-title" hidden>
  <h2 id="call-title">Video call</h2>
  <p class="call-row"><strong id="call-status" role="status"></strong> <span id="call-peer"></span> <span id="call-timer" role="timer" aria-label="Call time">00:00</span></p>
  <div id="call-incoming" role="alertdialog" aria-labelledby="call-title" aria-describedby="call-peer" class="call-row" hidden>
    <button id="call-accept" type="button">Accept</button>
    <button id="call-decline" type="button">Decline</button>
  </div>
  <div class="videos">
    <video id="remote-video" autoplay playsinline aria-label="The other side's video"></video>
    <video id="local-video" autoplay playsinline muted aria-label="Your camera"></video>
  </div>
  <div id="call-controls" class="call-row" hidden>
    <button id="call-mute" type="button" aria-pressed="false">Mute</button>
    <button id="call-camera" type="button" aria-pressed="false">Camera off</button>
    <button id="call-hangup" type="button">Hang up</button>
  </div>
  <button id="call-close" type="button" hidden>Close</button>
  <p id="call-error" role="alert"></p>
</section>
<main id="app" hidden>
  <section aria-labelledby="threads-title">
    <h2 id="threads-title">Conversations</h2>
    <form id="open">
      <label>User jid <input name="jid" placeholder="user_100001@localhost" required></label>
      <button type="submit">Open</button>
    </form>
    <ul id="threads" aria-label="Conversations"></ul>
  </section>
  <section aria-labelledby="chat-title">
    <div id="chat-head"><h2 id="chat-title">No conversation open</h2> <span id="typing" aria-live="polite"></span> <button id="call-start" type="button" hidden>Video call</button></div>
    <ol id="messages" aria-label="Messages"></ol>
    <form id="composer" hidden>
      <label style="flex:1">Message <input name="text" autocomplete="off" required></label>
      <button type="submit">Send</button>
      <button id="send-private" type="button">Send private photo</button>
    </form>
  </section>
</main>
<script>
(() => {
  const $ = (id) => document.getElementById(id)
  let consoleId = null, me = '', after = 0, callAfter = 0, open = null
  const byMid = new Map()
  const api = async (path, init) => {
    const response = await fetch(path, init && { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(init) })
    const data = await response.json()
    if (!response.ok) throw new Error(data.msg || response.statusText)
    return data
  }
  const text = (tag, value, className) => { const el = document.createElement(tag); el.textContent = value; if (className) el.className = className; return el }
  function renderThreads() {
    const peers = new Map()
    for (const m of byMid.values()) { const prev = peers.get(m.tid); if (!prev || prev.date <= m.date) peers.set(m.tid, m) }
    const list = $('threads'); list.replaceChildren()
    for (const m of [...peers.values()].sort((a, b) => b.date - a.date)) {
      const li = document.createElement('li'); const b = document.createElement('button'); b.type = 'button'
      b.append(text('strong', m.tid), text('span', m.content, 'meta')); b.onclick = () => openThread(m.tid); li.append(b); list.append(li)
    }
  }
  function renderMessages() {
    const list = $('messages'); list.replaceChildren()
    if (!open) return
    for (const m of [...byMid.values()].filter((m) => m.tid === open).sort((a, b) => a.date - b.date)) {
      const li = document.createElement('li'); li.className = m.from === me ? 'out' : 'in'; li.dataset.mid = m.mid; li.dataset.state = m.state
      li.append(text('span', m.content, 'text'), text('span', (m.from === me ? m.state + (m.read ? ' · read' : '') : new Date(m.date).toLocaleTimeString()), 'meta'))
      list.append(li)
    }
    list.scrollTop = list.scrollHeight
  }
  async function openThread(tid) {
    open = tid; $('chat-title').textContent = tid; $('composer').hidden = false; renderMessages()
    $('call-start').dataset.peer = tid; $('call-start').hidden = false
    await api('/dev/anchor/read', { id: consoleId, tid }).catch(() => {})
  }
  async function poll() {
    if (!consoleId) return
    try {
      const data = await api('/dev/anchor/events?id=' + encodeURIComponent(consoleId) + '&after=' + after + '&callAfter=' + callAfter)
      after = data.next; callAfter = data.callNext; $('status').textContent = data.state
      $('typing').textContent = open && data.typing.includes(open) ? 'typing…' : ''
      for (const call of data.calls) document.dispatchEvent(new CustomEvent('anchor:call-action', { detail: call }))
      let fresh = false
      for (const m of data.messages) { byMid.set(m.mid, m); fresh = true; if (m.tid === open && m.from !== me && !m.read) api('/dev/anchor/read', { id: consoleId, tid: open }).catch(() => {}) }
      if (fresh) { renderThreads(); renderMessages() }
    } catch (error) { $('status').textContent = String(error.message || error) }
    // Answers and ICE candidates must not wait: fast polling while a call is under way.
    setTimeout(poll, document.body.dataset.call === 'active' ? 100 : 250)
  }
  $('login').onsubmit = async (event) => {
    event.preventDefault(); const form = new FormData(event.target); $('login-error').textContent = ''
    try {
      const data = await api('/dev/anchor/login', { uid: String(form.get('uid')), password: String(form.get('password')) })
      consoleId = data.id; me = data.jid; callAfter = data.callNext; $('login-panel').hidden = true; $('app').hidden = false; document.title = 'Anchor ' + data.uid + ' · console'
      document.body.dataset.consoleId = data.id
      document.dispatchEvent(new CustomEvent('anchor:signed-in', { detail: { id: data.id, jid: data.jid } }))
      $('status').textContent = data.jid; poll()
    } catch (error) { $('login-error').textContent = String(error.message || error) }
  }
  $('open').onsubmit = (event) => { event.preventDefault(); const jid = String(new FormData(event.target).get('jid')).trim(); if (jid) openThread(jid) }
  $('composer').elements.text.oninput = (event) => {
    if (open && event.target.value.trim()) api('/dev/anchor/typing', { id: consoleId, to: open }).catch(() => {})
  }
  // One of the host's private photos, sold for gems: the server writes the attachment (the price is its own).
  let privatePhoto = 0
  $('send-private').onclick = async () => {
    if (!open) return
    privatePhoto = (privatePhoto % ${PRIVATE_PHOTO_COUNT}) + 1
    const data = await api('/dev/anchor/send', { id: consoleId, to: open, privatePhoto })
    byMid.set(data.message.mid, data.message); renderThreads(); renderMessages()
  }
  $('composer').onsubmit = async (event) => {
    event.preventDefault(); const input = event.target.elements.text; const content = input.value
    if (!content || !open) return
    input.value = ''
    const data = await api('/dev/anchor/send', { id: consoleId, to: open, content })
    byMid.set(data.message.mid, data.message); renderThreads(); renderMessages()
  }
})()
</script>
</body>
</html>
`
