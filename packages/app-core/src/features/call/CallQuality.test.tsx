import { render, screen } from '@testing-library/react'
import type { CallQualityLevel } from '@vchat/webrtc-call'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { createTestI18n } from '../../testing/renderApp'
import { CallQuality } from './CallQuality'
import type { CallQualityProps } from './CallQuality'

async function renderQuality(props: CallQualityProps) {
  const i18n = await createTestI18n()
  const view = render(
    <I18nextProvider i18n={i18n}>
      <CallQuality {...props} />
    </I18nextProvider>,
  )
  const rerender = (next: CallQualityProps) =>
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <CallQuality {...next} />
      </I18nextProvider>,
    )
  return { ...view, rerender }
}

const litBars = (container: HTMLElement) => container.querySelectorAll('.vc-call-quality__bar[data-lit="true"]').length
const liveRegion = (container: HTMLElement) => container.querySelector('[aria-live="polite"]')

describe('CallQuality', () => {
  it.each<[CallQualityLevel, string, number]>([
    ['good', 'Connection: good', 3],
    ['fair', 'Connection: fair', 2],
    ['poor', 'Connection: poor', 1],
    ['lost', 'Connection lost', 0],
  ])('names the %s level for screen readers and lights its bars', async (level, name, bars) => {
    const { container } = await renderQuality({ level })
    expect(screen.getByRole('img', { name })).toBeInstanceOf(HTMLElement)
    expect(container.querySelectorAll('.vc-call-quality__bar')).toHaveLength(3)
    expect(litBars(container)).toBe(bars)
  })

  it('adds the hint only for a poor connection, in a polite live region', async () => {
    const { container, rerender } = await renderQuality({ level: 'good' })
    const region = liveRegion(container)
    expect(region?.textContent).toBe('')

    rerender({ level: 'poor' })
    // The same region, there from the start, so assistive technology announces the change.
    expect(liveRegion(container)).toBe(region)
    expect(region?.textContent).toBe('Poor connection — video may pause')
    expect(screen.getByText('Poor connection — video may pause')).toBeInstanceOf(HTMLElement)

    rerender({ level: 'fair' })
    expect(region?.textContent).toBe('')
  })

  it('shows "Reconnecting…" with a spinner instead of the bars while reconnecting', async () => {
    const { container } = await renderQuality({ level: 'lost', reconnecting: true })
    expect(liveRegion(container)?.textContent).toBe('Reconnecting…')
    expect(screen.queryByRole('img')).toBeNull()
    expect(container.querySelector('.vc-spinner')).toBeInstanceOf(HTMLElement)
    // Said once: the spinner's own status text is hidden from assistive technology.
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.getAllByText('Reconnecting…').filter((element) => !element.closest('[aria-hidden="true"]'))).toHaveLength(1)
  })

  it('before the first reading draws the bars unlit as "Checking connection…", with nothing to announce', async () => {
    const { container } = await renderQuality({ level: null })
    expect(screen.getByRole('img', { name: 'Checking connection…' })).toBeInstanceOf(HTMLElement)
    expect(litBars(container)).toBe(0)
    expect(liveRegion(container)?.textContent).toBe('')
  })
})
