import { describe, expect, it } from 'vitest'
import { silverCallBlock, silverCallPath } from './silverCallOffer'

const times = (availableTimes: number) => ({ availableTimes, totalTimes: 3, silverCallDuration: 60, resetCountdown: 100 })

describe('silver call offer', () => {
  it('opens the guide route of the host', () => {
    expect(silverCallPath('200001')).toBe('/video/200001?tier=silver')
  })

  it('is open with calls left and the silver for a minute', () => {
    expect(silverCallBlock(times(2), 25, 25)).toBeNull()
    expect(silverCallBlock(times(1), 10, 100)).toBeNull()
  })

  it('is closed when no calls are left today, whatever the balance', () => {
    expect(silverCallBlock(times(0), 10, 100)).toBe('none-left')
    expect(silverCallBlock(times(0), 10, 0)).toBe('none-left')
  })

  it("is closed when the balance is short of the host's price per minute", () => {
    expect(silverCallBlock(times(2), 25, 24)).toBe('balance-short')
    expect(silverCallBlock(null, 25, 0)).toBe('balance-short')
  })

  it('blocks nothing on figures not known yet', () => {
    expect(silverCallBlock(null, null, null)).toBeNull()
    expect(silverCallBlock(times(2), null, 0)).toBeNull()
    expect(silverCallBlock(times(2), 25, null)).toBeNull()
  })
})
