-- vchat word filter for Prosody 0.12.
--
-- Every chat message a local user sends to a local user is checked by the product backend before
-- delivery: POST {vchat_filter_url} with JSON {"from","to","text"} (the body). The answer
-- {"sensitiveInfo": n, "replacement": "..."} is stamped on the stanza as
--   <sensitive xmlns="urn:vchat:filter:1" info="n" replacement="..."/>
-- (SPEC 5: bit 1 discard, 2 sensitive, 4 offline, 8 porn; the client drops 1 and 4 and shows the
-- replacement for 8). A flags element sent by a client is always removed first, so only the
-- server's verdict reaches the recipient. When the backend does not answer in time the message is
-- delivered without flags (logged).
--
-- A message from a blocked account ({"blocked": true} in the answer, looked up on every message so
-- that a block reaches sessions already connected) is not delivered: the sender gets it back as
--   <message type="error"><error type="auth"><forbidden/><text>...</text>
--     <blocked xmlns="urn:vchat:filter:1"/></error></message>
-- (also for messages without text, such as images and gifts).

local async = require "util.async";
local st = require "util.stanza";
local http = require "net.http";
local json = require "util.json";
local jid_split = require "util.jid".split;
local jid_bare = require "util.jid".bare;

local NS_FILTER = "urn:vchat:filter:1";
local NS_MESSAGE = "urn:vchat:message:1";
local BLOCKED_ELEMENT = "blocked";
local filter_url = module:get_option_string("vchat_filter_url");
if not filter_url or filter_url == "" then
	error("vchat_filter_url is required (e.g. http://127.0.0.1:8787/internal/xmpp/filter)");
end
local filter_timeout = module:get_option_number("vchat_filter_timeout", 3);

local function ask(from, to, text)
	local wait, done = async.waiter();
	local finished = false;
	local function finish()
		if not finished then finished = true; done(); end
	end
	local verdict = nil;
	http.request(filter_url, {
		method = "POST";
		body = json.encode({ from = from; to = to; text = text });
		headers = { ["Content-Type"] = "application/json"; ["Accept"] = "application/json" };
	}, function (response_body, code)
		if code == 200 then
			local data = json.decode(response_body or "");
			if type(data) == "table" then verdict = data; end
		else
			module:log("warn", "filter answered %s", tostring(code));
		end
		finish();
	end);
	local timer = module:add_timer(filter_timeout, function ()
		if not finished then module:log("warn", "filter timed out; delivering without flags"); end
		finish();
	end);
	wait();
	timer:stop();
	return verdict;
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
	local from = jid_bare(stanza.attr.from or (event.origin and event.origin.full_jid) or "");
	local verdict = ask(from, jid_bare(stanza.attr.to), text);
	if verdict and verdict.blocked == true then
		module:log("info", "message from blocked account %s bounced", from);
		local reply = st.error_reply(stanza, "auth", "forbidden", "This account is blocked and cannot send messages.");
		reply:tag(BLOCKED_ELEMENT, { xmlns = NS_FILTER }):up();
		if event.origin and event.origin.send then event.origin.send(reply); end
		return true;
	end
	local info = verdict and tonumber(verdict.sensitiveInfo) or 0;
	if info > 0 then
		local attrs = { xmlns = NS_FILTER; info = tostring(math.floor(info)) };
		if type(verdict.replacement) == "string" then attrs.replacement = verdict.replacement; end
		stanza:tag("sensitive", attrs):up();
	end
end

-- pre-message/* fire for stanzas sent by this host's own clients, before routing.
module:hook("pre-message/bare", filter, 10);
module:hook("pre-message/full", filter, 10);
