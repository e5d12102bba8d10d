import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FILTER_RULES_PATH, MESSAGE_NOTICE_PATH, PROSODY_RULES_PATH, addFilterRulesTarget } from '../xmpp/filterRules.ts'
import { LOOPBACK, findFreePort, resolvePort } from './ports.ts'
import { findExecutable, tcpAccepts, waitForExit } from './processes.ts'

/** Thrown when no `prosody` executable can be found. */
export class ProsodyUnavailableError extends Error {
  constructor(detail: string) {
    super(
      `Prosody (the XMPP server of the local stack) is not available: ${detail}. ` +
        'Install it with `sudo apt-get install prosody` (Debian/Ubuntu) or `brew install prosody` (macOS), ' +
        'or set VCHAT_PROSODY_BIN to the prosody executable. ' +
        'An installed system service is not needed: the stack runs its own instance on its own ports.',
    )
    this.name = 'ProsodyUnavailableError'
  }
}

export interface StartProsodyOptions {
  /** Base URL of the dev-server; Prosody POSTs tokens to `${apiUrl}/internal/xmpp/check-token`. */
  apiUrl: string
  /** Folder for the generated config, the pidfile and Prosody's storage. Created if missing. */
  dataDir: string
  /** XMPP domain of the users (default `localhost`); components are `hub.<domain>` and `gift.<domain>`. */
  domain?: string
  /** HTTP port carrying the websocket (0 or undefined: a free port). */
  httpPort?: number
  /** Plain c2s port (0 or undefined: a free port). Only loopback. */
  c2sPort?: number
  /** External component port (0 or undefined: a free port). */
  componentPort?: number
  /** Shared secret of hub/gift components (default: random). */
  componentSecret?: string
  /** Receives each line Prosody writes (warnings and errors; info with VCHAT_PROSODY_DEBUG=1). */
  log?: (line: string) => void
  /**
   * How long a dropped session stays resumable (XEP-0198 hibernation), in seconds (default
   * `SMACKS_HIBERNATION_SECONDS`). Tests shorten it to reach "away past hibernation" without waiting
   * minutes; what happens after it expires does not depend on its length.
   */
  hibernationSeconds?: number
  /** How long to wait for the websocket port (default 10 s). */
  readyTimeoutMs?: number
  /** Prosody executable (default: VCHAT_PROSODY_BIN or `prosody` on PATH). */
  binary?: string
  /**
   * Whether the dev-server at apiUrl (in this process) pushes changes of the filter rules to this
   * Prosody (default true). Without pushes mod_vchat_filter follows them by polling alone (tests of
   * that fallback).
   */
  pushFilterRules?: boolean
}

export interface ProsodyHandle {
  /** `ws://127.0.0.1:<httpPort>/xmpp-websocket` */
  wsUrl: string
  domain: string
  httpPort: number
  c2sPort: number
  componentPort: number
  componentSecret: string
  hubDomain: string
  giftDomain: string
  configFile: string
  pid: number
  /** Sends SIGTERM and resolves once Prosody has exited (SIGKILL after 5 s). */
  close(): Promise<void>
}

const TEMPLATE_URL = new URL('../../prosody/prosody.cfg.lua.template', import.meta.url)
const PLUGIN_DIR = fileURLToPath(new URL('../../prosody/', import.meta.url))
const STDERR_KEEP = 8 * 1024

/** A Lua string literal. */
function lua(value: string): string {
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r')}"`
}

/** Absolute path of the prosody executable, or ProsodyUnavailableError. */
function findProsodyBinary(binary?: string): string {
  return findExecutable('prosody', binary ?? process.env.VCHAT_PROSODY_BIN, (detail) => new ProsodyUnavailableError(detail))
}

interface ProsodyConfigValues {
  dataDir: string
  domain: string
  apiUrl: string
  httpPort: number
  c2sPort: number
  componentPort: number
  componentSecret: string
  /** Authorises the dev-server's pushes of new filter rules to mod_vchat_filter. */
  filterSecret: string
  debug: boolean
  /** Default `SMACKS_HIBERNATION_SECONDS`. */
  hibernationSeconds?: number
}

/** How long Prosody keeps a dropped session resumable: a phone's network may be gone this long and resume. */
const SMACKS_HIBERNATION_SECONDS = 60

/** Fills the config template. Exported for tests and for printing the config. */
async function renderProsodyConfig(values: ProsodyConfigValues): Promise<string> {
  const template = await readFile(TEMPLATE_URL, 'utf8')
  const apiBase = values.apiUrl.replace(/\/+$/, '')
  const authUrl = `${apiBase}/internal/xmpp/check-token`
  const filterRulesUrl = `${apiBase}${FILTER_RULES_PATH}`
  const messageUrl = `${apiBase}${MESSAGE_NOTICE_PATH}`
  const replacements: Record<string, string> = {
    DATA_PATH: lua(join(values.dataDir, 'data')),
    PIDFILE: lua(join(values.dataDir, 'prosody.pid')),
    CERTS_PATH: lua(join(values.dataDir, 'certs')),
    PLUGIN_PATH: lua(PLUGIN_DIR),
    LOG_LEVEL: lua(values.debug ? 'info' : 'warn'),
    C2S_PORT: String(values.c2sPort),
    HTTP_PORT: String(values.httpPort),
    COMPONENT_PORT: String(values.componentPort),
    DOMAIN: lua(values.domain),
    HUB_DOMAIN: lua(`hub.${values.domain}`),
    GIFT_DOMAIN: lua(`gift.${values.domain}`),
    AUTH_URL: lua(authUrl),
    FILTER_RULES_URL: lua(filterRulesUrl),
    MESSAGE_URL: lua(messageUrl),
    FILTER_SECRET: lua(values.filterSecret),
    COMPONENT_SECRET: lua(values.componentSecret),
    HIBERNATION_SECONDS: String(values.hibernationSeconds ?? SMACKS_HIBERNATION_SECONDS),
  }
  return template.replace(/\{\{([A-Z0-9_]+)\}\}/g, (match, name: string) => {
    const value = replacements[name]
    if (value === undefined) throw new Error(`Unknown placeholder ${match} in the Prosody config template`)
    return value
  })
}

/** Whether mod_vchat_filter has tried its first load of the rules (GET /vchat_filter/status). */
async function filterRulesAttempted(httpPort: number, secret: string): Promise<boolean> {
  try {
    const response = await fetch(`http://${LOOPBACK}:${httpPort}/vchat_filter/status`, {
      headers: { authorization: `Bearer ${secret}` },
      signal: AbortSignal.timeout(1_000),
    })
    if (!response.ok) {
      await response.body?.cancel()
      return false
    }
    const status = (await response.json()) as { attempted?: unknown }
    return status.attempted === true
  } catch {
    return false
  }
}

async function pickPorts(options: StartProsodyOptions): Promise<{ httpPort: number; c2sPort: number; componentPort: number }> {
  const taken = new Set<number>()
  const pick = async (port: number | undefined, what: string): Promise<number> => {
    let chosen = await resolvePort(port, what)
    // Two free-port picks may return the same number; ask again until distinct.
    while (taken.has(chosen) && (port === undefined || port === 0)) chosen = await findFreePort()
    if (taken.has(chosen)) throw new Error(`Port ${chosen} is configured for two Prosody listeners`)
    taken.add(chosen)
    return chosen
  }
  const httpPort = await pick(options.httpPort, 'Prosody websocket/HTTP')
  const c2sPort = await pick(options.c2sPort, 'Prosody c2s')
  const componentPort = await pick(options.componentPort, 'Prosody components')
  return { httpPort, c2sPort, componentPort }
}

/**
 * Starts our own Prosody (own config and data folder, loopback only) in the foreground and resolves
 * once its websocket port accepts connections.
 */
export async function startProsody(options: StartProsodyOptions): Promise<ProsodyHandle> {
  const binary = findProsodyBinary(options.binary)
  const domain = options.domain ?? 'localhost'
  const componentSecret = options.componentSecret ?? randomBytes(16).toString('hex')
  const filterSecret = randomBytes(24).toString('hex')
  // Generous: on a busy machine Prosody can take several seconds to open its ports and load the rules.
  const readyTimeoutMs = options.readyTimeoutMs ?? 30_000
  const { httpPort, c2sPort, componentPort } = await pickPorts(options)

  await mkdir(join(options.dataDir, 'data'), { recursive: true })
  await mkdir(join(options.dataDir, 'certs'), { recursive: true })
  const configFile = join(options.dataDir, 'prosody.cfg.lua')
  const config = await renderProsodyConfig({
    dataDir: options.dataDir,
    domain,
    apiUrl: options.apiUrl,
    httpPort,
    c2sPort,
    componentPort,
    componentSecret,
    filterSecret,
    debug: process.env.VCHAT_PROSODY_DEBUG === '1',
    ...(options.hibernationSeconds === undefined ? {} : { hibernationSeconds: options.hibernationSeconds }),
  })
  await writeFile(configFile, config, { mode: 0o600 })

  const child = spawn(binary, ['--config', configFile, '-F'], {
    cwd: options.dataDir,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const onOutput = (chunk: Buffer): void => {
    const text = chunk.toString('utf8')
    output = (output + text).slice(-STDERR_KEEP)
    if (options.log) for (const line of text.split('\n')) if (line.trim()) options.log(line)
  }
  child.stdout?.on('data', onOutput)
  child.stderr?.on('data', onOutput)

  let spawnError: Error | undefined
  child.once('error', (error) => {
    spawnError = error
  })

  // The dev-server at apiUrl (when it runs in this process) pushes every change of the rules here.
  const removeTarget =
    options.pushFilterRules === false ? () => {} : addFilterRulesTarget(options.apiUrl, { url: `http://${LOOPBACK}:${httpPort}${PROSODY_RULES_PATH}`, secret: filterSecret })

  const close = async (): Promise<void> => {
    removeTarget()
    if (child.exitCode !== null || child.signalCode !== null) return
    const exited = waitForExit(child)
    child.kill('SIGTERM')
    const killTimer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await exited
    clearTimeout(killTimer)
  }

  const deadline = Date.now() + readyTimeoutMs
  for (;;) {
    if (spawnError) {
      removeTarget()
      if ((spawnError as NodeJS.ErrnoException).code === 'ENOENT') throw new ProsodyUnavailableError(`${binary} could not be started`)
      throw spawnError
    }
    if (child.exitCode !== null || child.signalCode !== null) {
      removeTarget()
      throw new Error(
        `Prosody exited (${child.exitCode ?? child.signalCode}) before its websocket port ${httpPort} opened. ` +
          `Config: ${configFile}. Output:\n${output.trim() || '(none)'}`,
      )
    }
    // Both listeners: the websocket for clients, the component port for dev-server's components.
    // …and the word filter's first load of the rules tried (answered or failed).
    if ((await tcpAccepts(httpPort)) && (await tcpAccepts(componentPort)) && (await filterRulesAttempted(httpPort, filterSecret))) break
    if (Date.now() > deadline) {
      await close()
      throw new Error(
        `Prosody did not open its websocket port ${httpPort} within ${readyTimeoutMs} ms. ` +
          `Config: ${configFile}. Output:\n${output.trim() || '(none)'}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, 25))
  }

  return {
    wsUrl: `ws://${LOOPBACK}:${httpPort}/xmpp-websocket`,
    domain,
    httpPort,
    c2sPort,
    componentPort,
    componentSecret,
    hubDomain: `hub.${domain}`,
    giftDomain: `gift.${domain}`,
    configFile,
    pid: child.pid ?? -1,
    close,
  }
}
