-- vchat word filter, blocks, auto-reply notices and last-seen privacy for Prosody 0.12.
--
-- Every chat message a local user sends to a local user gets the verdict of the product backend's
-- word filter, decided here, locally and synchronously: no request waits on the message's way. The
-- backend (dev-server) stays the authority: it publishes the rules and this module applies them.
--
-- Rules. A snapshot
--   {"version": n,
--    "rules": {"lists": [{"bit": 1, "words": ["spamlink", ...], "masked": false}, ...],
--              "wordChars": [[48, 57], [65, 90], ...]},
--    "blocked": ["user_1@localhost", ...],
--    "autoReply": {"to": ["anchor_2@localhost", ...], "unlessBits": 5}}
-- is read from GET {vchat_filter_rules_url} when the module starts (messages are delivered without
-- flags until it is loaded, as they were when the filter did not answer in time). A newer version
-- replaces the one held; an older or equal one is ignored, so answers arriving out of order never
-- go back in time.
--
-- Changes reach the module at once: the dev-server POSTs the new snapshot to this module's HTTP
-- endpoint POST /vchat_filter/rules on Prosody's loopback HTTP port, with the header
-- "Authorization: Bearer <vchat_filter_secret>" (a secret the stack generates for each start; never
-- in a URL, never logged), and answers a block (/dev/users/block) only once the push is applied, so
-- the very next message of the blocked account bounces. As a fallback for a push that could not be
-- delivered, the module asks GET {vchat_filter_rules_url}/version ({"version": n}) every
-- {vchat_filter_poll} seconds (default 1) and fetches the snapshot when it is newer.
-- GET /vchat_filter/status (same header) → {"version": n|null, "attempted": bool} tells whether the
-- first load has been tried; the stack waits for it before calling Prosody ready.
--
-- Matching (the same verdicts as filterText in apps/dev-server/src/xmpp/filter.ts for the same rules):
-- a word is a run of word characters (code points inside the published wordChars ranges: Unicode
-- letters and numbers), runs joined by single hyphens counting as one word; a word matches a listed
-- word when equal after folding ASCII A-Z to a-z (only ASCII is folded; listed words are lower-case
-- ASCII). The message gets the sum of the bits of every list with a matching word; when a masked list
-- matched, replacement = the text with each masked word replaced by one "*" per character.
--
-- The verdict is stamped as <sensitive xmlns="urn:vchat:filter:1" info="n" replacement="..."/>
-- (SPEC 5: bit 1 discard, 2 sensitive, 4 offline, 8 porn; the client drops 1 and 4 and shows the
-- replacement for 8). A flags element sent by a client is always removed first, so only the server's
-- verdict reaches the recipient.
--
-- A message from a blocked account (bare jid in "blocked") is not delivered: the sender gets it back as
--   <message type="error"><error type="auth"><forbidden/><text>...</text>
--     <blocked xmlns="urn:vchat:filter:1"/></error></message>
-- (also for messages without text, such as images and gifts).
--
-- Auto replies: a delivered message to a jid in autoReply.to, without any of the unlessBits, is told
-- to the dev-server with POST {vchat_message_url} {"from","to"}, not awaited (fire and forget).
--
-- Last seen (XEP-0012 last activity, asked of a user's bare jid by another local user): the answer
-- follows the account's lastSeen setting, published as "lastSeenHidden" (bare jids whose setting is
-- off). Prosody's own mod_lastactivity is not used: it answers only presence subscribers (this
-- product has no rosters between users and hosts), counts only explicit unavailable presences (a
-- phone's connection dies without one) and forgets everything on restart.
--   * the asker or the asked hides their last seen → <forbidden/> (hide yours, see none);
--   * the asked has a connected session (not hibernating) → seconds="0": online now;
--   * otherwise → seconds since the last connection of the account ended (at least 1), kept in the
--     "vchat_last_seen" store so that it survives restarts; never connected → <item-not-found/>.
-- A hibernating stream-management session counts as gone from the moment its connection dropped.

local st = require "util.stanza";
local http = require "net.http";
local json = require "util.json";
local hashes = require "util.hashes";
local jid_split = require "util.jid".split;
local jid_bare = require "util.jid".bare;

local NS_FILTER = "urn:vchat:filter:1";
local NS_MESSAGE = "urn:vchat:message:1";
local BLOCKED_ELEMENT = "blocked";
local HYPHEN = 45;

local rules_url = module:get_option_string("vchat_filter_rules_url");
if not rules_url or rules_url == "" then
	error("vchat_filter_rules_url is required (e.g. http://127.0.0.1:8787/internal/xmpp/filter-rules)");
end
local version_url = rules_url .. "/version";
local message_url = module:get_option_string("vchat_message_url");
local secret = module:get_option_string("vchat_filter_secret");
if not secret or #secret < 16 then
	error("vchat_filter_secret is required (at least 16 characters)");
end
local poll_interval = module:get_option_number("vchat_filter_poll", 1);

-- The rules in force (nil until the first snapshot is loaded).
local current = nil;
-- Whether the first load has been tried (answered or failed).
local attempted = false;
-- Failures are logged once until the next success.
local failing = false;

local UPPER = {};
for byte = 65, 90 do UPPER[string.char(byte)] = string.char(byte + 32); end

local function fold(word)
	return (word:gsub("[A-Z]", UPPER));
end

local function integer(value)
	return type(value) == "number" and math.tointeger(value) or nil;
end

-- A snapshot → the tables the hooks read, or nil and why.
local function compile(data)
	if type(data) ~= "table" or not integer(data.version) or type(data.rules) ~= "table" then
		return nil, "not a snapshot";
	end
	local lists, masked_words, masked_bits = {}, {}, 0;
	for _, list in ipairs(data.rules.lists or {}) do
		local bit = integer(list.bit);
		if not bit or type(list.words) ~= "table" then return nil, "malformed list"; end
		local words = {};
		for _, word in ipairs(list.words) do
			words[word] = true;
			if list.masked == true then masked_words[word] = true; end
		end
		if list.masked == true then masked_bits = masked_bits | bit; end
		lists[#lists + 1] = { bit = bit; words = words };
	end
	local ascii, first, last = {}, {}, {};
	for _, range in ipairs(data.rules.wordChars or {}) do
		local lo, hi = integer(range[1]), integer(range[2]);
		if not lo or not hi then return nil, "malformed wordChars"; end
		first[#first + 1], last[#last + 1] = lo, hi;
		for code = lo, math.min(hi, 127) do ascii[code] = true; end
	end
	local blocked = {};
	for _, jid in ipairs(data.blocked or {}) do blocked[jid] = true; end
	local last_seen_hidden = {};
	for _, jid in ipairs(data.lastSeenHidden or {}) do last_seen_hidden[jid] = true; end
	local reply_to = {};
	local auto_reply = type(data.autoReply) == "table" and data.autoReply or {};
	for _, jid in ipairs(auto_reply.to or {}) do reply_to[jid] = true; end
	return {
		version = integer(data.version);
		lists = lists; masked_words = masked_words; masked_bits = masked_bits;
		ascii = ascii; first = first; last = last;
		blocked = blocked;
		last_seen_hidden = last_seen_hidden;
		reply_to = reply_to; reply_unless = integer(auto_reply.unlessBits) or 0;
	};
end

-- Takes a snapshot unless the one held is as new; true when the snapshot was well formed.
local function apply(data, source)
	local compiled, why = compile(data);
	if not compiled then
		module:log("warn", "filter rules from %s ignored: %s", source, why);
		return false;
	end
	if current and compiled.version <= current.version then return true; end
	current = compiled;
	module:log("debug", "filter rules version %d from %s", compiled.version, source);
	return true;
end

local function is_word(code, rules)
	if code < 128 then return rules.ascii[code] == true; end
	local first, last = rules.first, rules.last;
	local lo, hi = 1, #first;
	while lo <= hi do
		local mid = (lo + hi) // 2;
		if code < first[mid] then hi = mid - 1;
		elseif code > last[mid] then lo = mid + 1;
		else return true; end
	end
	return false;
end

-- The words of the text as byte spans {from, to}: like /[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*/gu.
local function words_of(text, rules)
	local codes, starts, word = {}, {}, {};
	local n = 0;
	for position, code in utf8.codes(text) do
		n = n + 1;
		codes[n], starts[n], word[n] = code, position, is_word(code, rules);
	end
	starts[n + 1] = #text + 1;
	local spans = {};
	local i = 1;
	while i <= n do
		if not word[i] then
			i = i + 1;
		else
			local j = i;
			while j <= n and word[j] do j = j + 1; end
			while j < n and codes[j] == HYPHEN and word[j + 1] do
				j = j + 1;
				while j <= n and word[j] do j = j + 1; end
			end
			spans[#spans + 1] = { starts[i], starts[j] - 1 };
			i = j;
		end
	end
	return spans;
end

-- The verdict for a text: the sum of the bits, and the masked text when a masked list matched.
local function verdict_of(text, rules)
	local ok, spans = pcall(words_of, text, rules);
	if not ok then
		module:log("warn", "text could not be split into words: %s", tostring(spans));
		return 0, nil;
	end
	local folded = {};
	local info = 0;
	for k, span in ipairs(spans) do
		local word = fold(text:sub(span[1], span[2]));
		folded[k] = word;
		for _, list in ipairs(rules.lists) do
			if list.words[word] then info = info | list.bit; end
		end
	end
	if info & rules.masked_bits == 0 then return info, nil; end
	local parts, from = {}, 1;
	for k, span in ipairs(spans) do
		if rules.masked_words[folded[k]] then
			-- Listed words are ASCII: one byte per character.
			parts[#parts + 1] = text:sub(from, span[1] - 1);
			parts[#parts + 1] = string.rep("*", span[2] - span[1] + 1);
			from = span[2] + 1;
		end
	end
	parts[#parts + 1] = text:sub(from);
	return info, table.concat(parts);
end

local function fetch_rules()
	http.request(rules_url, { headers = { ["Accept"] = "application/json" } }, function (body, code)
		attempted = true;
		if code == 200 then
			failing = false;
			apply(json.decode(body or ""), "GET");
		elseif not failing then
			failing = true;
			module:log("warn", "filter rules not loaded (%s); delivering without flags until they are", tostring(code));
		end
	end);
end

-- Fallback for a push that did not arrive: fetch the snapshot when the backend has a newer one.
local function poll()
	http.request(version_url, { headers = { ["Accept"] = "application/json" } }, function (body, code)
		if code ~= 200 then
			if not failing then
				failing = true;
				module:log("warn", "filter rules version not readable (%s)", tostring(code));
			end
			return;
		end
		local data = json.decode(body or "");
		local version = type(data) == "table" and integer(data.version);
		if version and (not current or version > current.version) then fetch_rules(); end
	end);
	return poll_interval;
end

module:add_timer(0, function ()
	fetch_rules();
	return poll_interval;
end);
module:add_timer(poll_interval, poll);

local function authorized(request)
	local header = request.headers.authorization or "";
	local expected = "Bearer " .. secret;
	return #header == #expected and hashes.equals(header, expected);
end

module:depends("http");
module:provides("http", {
	route = {
		["POST /rules"] = function (event)
			if not authorized(event.request) then return 401; end
			if not apply(json.decode(event.request.body or ""), "push") then return 400; end
			return 204;
		end;
		["GET /status"] = function (event)
			if not authorized(event.request) then return 401; end
			event.response.headers.content_type = "application/json";
			return json.encode({ version = current and current.version or json.null; attempted = attempted });
		end;
	};
});

local function notify(from, to)
	if not message_url or message_url == "" then return; end
	http.request(message_url, {
		method = "POST";
		body = json.encode({ from = from; to = to });
		headers = { ["Content-Type"] = "application/json" };
	}, function (_, code)
		if code ~= 200 and code ~= 204 then module:log("debug", "auto-reply notice answered %s", tostring(code)); end
	end);
end

local function filter(event)
	local stanza = event.stanza;
	if stanza.attr.type == "error" then return; end
	-- Never trust flags from a client.
	stanza:remove_children("sensitive", NS_FILTER);
	local _, to_host = jid_split(stanza.attr.to);
	if to_host ~= module.host then return; end
	local text = stanza:get_child_text("body") or "";
	-- Markers and other content-free messages pass; text and payload messages are checked.
	if text == "" and not stanza:get_child("payload", NS_MESSAGE) then return; end
	local rules = current;
	if not rules then return; end
	local from = jid_bare(stanza.attr.from or (event.origin and event.origin.full_jid) or "");
	if rules.blocked[from] then
		module:log("info", "message from blocked account %s bounced", from);
		local reply = st.error_reply(stanza, "auth", "forbidden", "This account is blocked and cannot send messages.");
		reply:tag(BLOCKED_ELEMENT, { xmlns = NS_FILTER }):up();
		if event.origin and event.origin.send then event.origin.send(reply); end
		return true;
	end
	local info, replacement = verdict_of(text, rules);
	if info > 0 then
		local attrs = { xmlns = NS_FILTER; info = tostring(info) };
		if replacement then attrs.replacement = replacement; end
		stanza:tag("sensitive", attrs):up();
	end
	local to = jid_bare(stanza.attr.to);
	if rules.reply_to[to] and info & rules.reply_unless == 0 then notify(from, to); end
end

-- pre-message/* fire for stanzas sent by this host's own clients, before routing.
module:hook("pre-message/bare", filter, 10);
module:hook("pre-message/full", filter, 10);

-- Last seen ------------------------------------------------------------------------------------

local NS_LAST = "jabber:iq:last";
local last_seen_store = module:open_store("vchat_last_seen");

-- Whether this user has a connection now (a hibernating session waits for its phone to come back).
local function connected(username)
	local user = prosody.bare_sessions[username .. "@" .. module.host];
	if not user then return false; end
	for _, session in pairs(user.sessions) do
		if not session.hibernating then return true; end
	end
	return false;
end

-- The connection of `session` ended at `at` (os.time()): kept unless a later end is already kept.
local function connection_ended(session, at)
	local username = session.username;
	if not username then return; end
	local kept = last_seen_store:get(username);
	if kept and integer(kept.t) and kept.t >= at then return; end
	local ok, err = last_seen_store:set(username, { t = at });
	if not ok then module:log("warn", "last seen of %s not stored: %s", username, tostring(err)); end
end

module:hook("smacks-hibernation-start", function (event)
	connection_ended(event.origin, event.origin.hibernating or os.time());
end);

module:hook("resource-unbind", function (event)
	local session = event.session;
	-- A session that hibernated first lost its connection when it went to sleep, not now.
	connection_ended(session, session.hibernating or os.time());
end);

module:hook("iq-get/bare/jabber:iq:last:query", function (event)
	local origin, stanza = event.origin, event.stanza;
	local username, host = jid_split(stanza.attr.to);
	local asker = jid_bare(stanza.attr.from or "");
	if origin.type ~= "c2s" or host ~= module.host or not username then
		origin.send(st.error_reply(stanza, "cancel", "service-unavailable"));
		return true;
	end
	local rules = current;
	local hidden = rules and rules.last_seen_hidden or {};
	if hidden[asker] or hidden[username .. "@" .. host] then
		origin.send(st.error_reply(stanza, "auth", "forbidden"));
		return true;
	end
	local seconds;
	if connected(username) then
		seconds = 0;
	else
		local kept = last_seen_store:get(username);
		local at = kept and integer(kept.t);
		if not at then
			origin.send(st.error_reply(stanza, "cancel", "item-not-found"));
			return true;
		end
		seconds = math.max(1, os.time() - at);
	end
	origin.send(st.reply(stanza):tag("query", { xmlns = NS_LAST; seconds = tostring(seconds) }));
	return true;
end);
