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
			return check_token(username, password), true;
		end;
	});
end

module:provides("auth", provider);
