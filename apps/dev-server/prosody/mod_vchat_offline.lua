-- Offline messages for clients that read the message archive (XEP-0313), for Prosody 0.12.
--
-- Every one-to-one message is archived (mod_mam) and, when the recipient has no session, also kept
-- in offline storage (mod_offline). The vchat messenger asks the archive for everything since the
-- newest message it has before it sends its initial presence (ReadyEvent.holdPresence in
-- @vchat/xmpp-chat). Pushing the same messages again from offline storage would double the work at
-- the worst moment (a phone that just got its network back, a thousand messages missed). Stock
-- mod_mam skips the offline push for any session that queried the archive, which is not enough:
-- the offline store then grows forever, a client that asked only for the newest page (a new device)
-- would never get the older offline messages, and a message stored offline after the archive
-- answered would wait for the next catch-up.
--
-- So this module decides the push, before mod_mam (priority 0) and mod_offline (-1):
-- - a session that asked for a catch-up (a query with a `start` and no `with`) before its initial
--   presence: an offline message the archive holds (a stanza-id by the user's own account) and
--   that was stored inside the query's range, from its `start` to the moment it was asked, is left
--   to the archive (it was archived before it was stored offline, so the answer holds it);
--   everything else is pushed (what the archive does not hold, such as headline notices; what came
--   after the question; what came before `start`). The client drops a message id it already has,
--   so a message that comes both ways is shown once.
--   Offline storage keeps whole seconds, and a hibernated session's queue is often handed to it in
--   the very second its user logs in again and asks; so each message is marked with the exact time
--   it was stored (a <stored/> child of this module's namespace, removed before it is pushed).
--   Messages stored without the mark (before this module was loaded) are compared by seconds.
-- - a session that queried the archive otherwise (a new device's newest page, one thread's
--   history): everything is pushed, as mod_offline does.
-- - any other session: left to mod_offline, unchanged.
-- The offline store is emptied whenever this module pushed.

local datetime = require "util.datetime";
local time_now = require "util.time".now;

local xmlns_mam = "urn:xmpp:mam:2";
local xmlns_st_id = "urn:xmpp:sid:0";
local xmlns_delay = "urn:xmpp:delay";
local xmlns_stored = "urn:vchat:offline:0";

local offline_messages = module:open_store("offline", "archive");

local function form_fields(query)
	local fields = {};
	local form = query and query:get_child("x", "jabber:x:data");
	if not form then return fields; end
	for field in form:childtags("field") do
		if field.attr.var then fields[field.attr.var] = field:get_child_text("value"); end
	end
	return fields;
end

-- Marks when a message goes to offline storage (before mod_offline, at -1, stores it).
module:hook("message/offline/handle", function(event)
	local stanza = event.stanza;
	stanza:remove_children("stored", xmlns_stored);
	stanza:tag("stored", { xmlns = xmlns_stored, at = string.format("%.6f", time_now()) }):up();
end, 0);

-- Notes the session's first catch-up query (before mod_mam answers it).
module:hook("iq-set/self/"..xmlns_mam..":query", function(event)
	local origin = event.origin;
	if origin.vchat_catch_up then return; end
	local fields = form_fields(event.stanza.tags[1]);
	local start = fields.start and datetime.parse(fields.start);
	if fields.with or not start then return; end
	origin.vchat_catch_up = { from = start, asked = time_now() };
end, 1);

module:hook("message/offline/broadcast", function(event)
	local origin = event.origin;
	if not origin.mam_requested then return; end -- mod_offline pushes everything
	local catch_up = origin.vchat_catch_up;
	local node, host = origin.username, origin.host;
	local own = node.."@"..host;
	local data = offline_messages:find(node);
	if not data then return true; end
	local pushed, left = 0, 0;
	for _, stanza, when in data do
		local archived = stanza:get_child_with_attr("stanza-id", xmlns_st_id, "by", own) ~= nil;
		local mark = stanza:get_child("stored", xmlns_stored);
		stanza:remove_children("stored", xmlns_stored);
		local stored_at = mark and tonumber(mark.attr.at);
		local before_question;
		if catch_up and stored_at then
			before_question = stored_at < catch_up.asked;
		elseif catch_up then
			before_question = when < math.floor(catch_up.asked); -- whole seconds only: the second of the question is pushed
		end
		if catch_up and archived and before_question and when >= math.floor(catch_up.from) then
			left = left + 1;
		else
			stanza:tag("delay", { xmlns = xmlns_delay, from = host, stamp = datetime.datetime(when) }):up();
			origin.send(stanza);
			pushed = pushed + 1;
		end
	end
	offline_messages:delete(node);
	origin.log("debug", "Offline messages: %d pushed, %d left to the archive", pushed, left);
	return true;
end, 1);
