/** The product envelope of SPEC §7 around `data`, as a signed-out client sends it (tests only). */
export function envelope(data: unknown) {
  return {
    deviceInfo: {
      localLanguage: 'en', configLanguage: 'en', fingerprint: 'vitest', androidId: 'device-1', screenHeight: 800, screenWidth: 400,
      timezoneId: 'UTC', timezoneOffset: 0, platform: 'android', gaClientId: '', deviceModel: 'test', webUuid: 'web-uuid-1', adid: '',
    },
    clientInfo: { channel: 'B1', pkgName: 'web', versionCode: '1', versionName: '1.0.0', host: 'localhost' },
    userInfo: { id: '', jid: '', vcToken: '', role: 2 },
    data,
  }
}
