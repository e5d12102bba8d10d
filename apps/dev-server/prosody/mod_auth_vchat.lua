-- vchat auth provider for Prosody 0.12.
--
-- The password a client presents over SASL PLAIN is its vcToken. The token is checked by the product
-- backend: POST {vchat_auth_url} with JSON {"username": "...", "token": "..."}; the login is accepted when
-- the answer is HTTP 200 with {"valid": true}. POST keeps the token out of URLs and access logs.
-- Modelled on the community mod_auth_http protocol; no passwords are stored or set here.

local new_sasl = require "util.sasl".new;
local async = require "util.async";
local http = require "net.http";
local json = require "util.json";
local hashes = require "util.hashes";
local sessionmanager = require "core.sessionmanager";

local host = module.host;
local check_url = module:get_option_string("vchat_auth_url");
if not check_url or check_url == "" then
	error("vchat_auth_url is required (e.g. http://127.0.0.1:8787/internal/xmpp/check-token)");
end
local check_timeout = module:get_option_number("vchat_auth_timeout", 5);

local provider = { name = "vchat" };

-- Ask the backend whether `token` is a valid vcToken for `username` (the local part of the jid).
local function check_token(username, token)
	if not username or username == "" or not token or token == "" then
		return false;
	end
	local wait, done = async.waiter();
	local finished = false;
	local function finish()
		if not finished then finished = true; done(); end
	end
	local valid = false;
	local body = json.encode({ username = username, token = token });
	http.request(check_url, {
		method = "POST";
		body = body;
		headers = { ["Content-Type"] = "application/json"; ["Accept"] = "application/json" };
	}, function (response_body, code)
		if code == 200 then
			local data = json.decode(response_body or "");
			valid = type(data) == "table" and data.valid == true;
		else
			-- Never log the token, only who and what came back.
			module:log("debug", "check-token for %s answered %s", username, tostring(code));
		end
		finish();
	end);
	-- async.waiter() blocks the current session's thread until done() or the timeout.
	local timer = module:add_timer(check_timeout, function ()
		if not finished then module:log("warn", "check-token for %s timed out", username); end
		finish();
	end);
	wait();
	timer:stop();
	module:log("debug", "check-token for %s@%s: %s", username, host, valid and "valid" or "refused");
	return valid;
end

function provider.test_password(username, password)
	return check_token(username, password);
end

function provider.user_exists(username) -- luacheck: ignore 212
	return true;
end

function provider.set_password(username, password) -- luacheck: ignore 212
	return nil, "Passwords are vcTokens issued by the product backend";
end

function provider.create_user(username, password) -- luacheck: ignore 212
	return nil, "Accounts are managed by the product backend";
end

function provider.delete_user(username) -- luacheck: ignore 212
	return nil, "Accounts are managed by the product backend";
end

function provider.users()
	return function () return nil; end;
end

function provider.get_sasl_handler()
	return new_sasl(host, {
		plain_test = function (sasl, username, password, realm) -- luacheck: ignore 212
			local valid = check_token(username, password);
			-- Which token a session signed in with (its SHA-256, as the backend stores it): signing out
			-- through the backend ends exactly the sessions of that token.
			if valid then sasl.vchat_token_digest = hashes.sha256(password, true); end
			return valid, true;
		end;
	});
end

module:provides("auth", provider);

module:hook("authentication-success", function (event)
	local session = event.session;
	session.vchat_token_digest = session.sasl_handler and session.sasl_handler.vchat_token_digest;
end);

-- A resumed stream (XEP-0198) goes on in the hibernated session, signed in with the new connection's token.
module:hook("smacks-hibernation-end", function (event)
	local resumed, origin = event.resumed, event.origin;
	if resumed and origin and origin.vchat_token_digest then resumed.vchat_token_digest = origin.vchat_token_digest; end
end);

-- POST /auth_vchat/signed-out {"username": "...", "tokenHash": "<sha256 hex>"} with
-- "Authorization: Bearer <vchat_admin_secret>": the backend signed that token out, so every session
-- signed in with it ends now (a hibernating one too), instead of living on until it drops.
local admin_secret = module:get_option_string("vchat_admin_secret");
if not admin_secret or #admin_secret < 16 then
	error("vchat_admin_secret is required (at least 16 characters)");
end

local function authorized(request)
	local header = request.headers.authorization or "";
	local expected = "Bearer " .. admin_secret;
	return #header == #expected and hashes.equals(header, expected);
end

module:depends("http");
module:provides("http", {
	route = {
		["POST /signed-out"] = function (event)
			if not authorized(event.request) then return 401; end
			local data = json.decode(event.request.body or "");
			if type(data) ~= "table" or type(data.username) ~= "string" or type(data.tokenHash) ~= "string" then return 400; end
			local user = prosody.hosts[host].sessions[data.username];
			local ending = {};
			for _, session in pairs(user and user.sessions or {}) do
				if session.vchat_token_digest == data.tokenHash then ending[#ending + 1] = session; end
			end
			for _, session in ipairs(ending) do
				if session.hibernating then
					sessionmanager.destroy_session(session, "signed out");
				else
					session:close({ condition = "not-authorized"; text = "Signed out" });
				end
			end
			module:log("info", "signed out %s: %d session(s) ended", data.username, #ending);
			event.response.headers.content_type = "application/json";
			return json.encode({ closed = #ending });
		end;
	};
});
