import { describe, expect, it } from 'vitest'
import { facebookIds, readDeviceInfo } from '../../services/deviceInfo'

describe('fbp and fbc for create_order', () => {
  it('reads the Meta pixel cookies', () => {
    expect(facebookIds('a=1; _fbp=fb.1.1700000000.123; _fbc=fb.1.1700000000.AbC-9')).toEqual({ fbp: 'fb.1.1700000000.123', fbc: 'fb.1.1700000000.AbC-9' })
    expect(facebookIds('')).toEqual({})
    expect(facebookIds('_fbp=<script>')).toEqual({})
  })

  it('puts them into the device info (the API client strips them except for create_order)', () => {
    document.cookie = '_fbp=fb.1.1.2'
    document.cookie = '_fbc=fb.1.3.4'
    const info = readDeviceInfo({ ids: { deviceId: 'd', webUuid: 'w' }, getConfigLanguage: () => 'en' })
    expect(info).toMatchObject({ fbp: 'fb.1.1.2', fbc: 'fb.1.3.4' })
  })
})
