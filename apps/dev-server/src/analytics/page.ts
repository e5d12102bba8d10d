import type { EventQuery, StoredEvent } from './store.ts'

/** Every value is escaped: event properties are user data and never become markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)
}

function arrival(event: StoredEvent): string {
  if (event.beacon) return 'beacon'
  return event.method === 'GET' ? 'image (GET)' : 'POST'
}

/** The receiver's events as a page for people: newest first, with a filter form. */
export function renderEventsPage(events: readonly StoredEvent[], query: EventQuery): string {
  const rows = events
    .map(
      (e) => `<tr>
<td>${escapeHtml(new Date(e.time).toISOString())}</td>
<td>${escapeHtml(e.type)}</td>
<td>${escapeHtml(e.event ?? '')}</td>
<td>${escapeHtml(e.accountId ?? '')}</td>
<td><code>${escapeHtml(e.distinctId)}</code></td>
<td>${escapeHtml(arrival(e))}${e.path === 'debug' ? ' · debug' : ''}</td>
<td><pre>${escapeHtml(JSON.stringify(e.properties, null, 1))}</pre></td>
<td><code>${escapeHtml(e.eventId)}</code></td>
</tr>`,
    )
    .join('\n')
  const field = (name: keyof EventQuery, label: string) =>
    `<label>${label} <input name="${name}" value="${escapeHtml(String(query[name] ?? ''))}"></label>`
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Analytics events (development receiver)</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #111; background: #fff; }
table { border-collapse: collapse; inline-size: 100%; }
th, td { border: 1px solid #ccc; padding: 0.25rem 0.5rem; text-align: start; vertical-align: top; }
pre { margin: 0; white-space: pre-wrap; max-inline-size: 32rem; }
form { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-block: 0.75rem; }
</style>
</head>
<body>
<h1>Analytics events</h1>
<p>Events the app sent to this development receiver, newest first, each stored once per event id. JSON: <a href="/dev/analytics/events">/dev/analytics/events</a>.</p>
<form method="get" action="/dev/analytics">
${field('event', 'Event')}
${field('accountId', 'Account id')}
${field('distinctId', 'Distinct id')}
<button type="submit">Filter</button>
</form>
<p>${events.length} event${events.length === 1 ? '' : 's'}</p>
<table>
<thead><tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Event</th><th scope="col">Account</th><th scope="col">Distinct id</th><th scope="col">Arrived by</th><th scope="col">Properties</th><th scope="col">Event id</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
</body>
</html>
`
}
