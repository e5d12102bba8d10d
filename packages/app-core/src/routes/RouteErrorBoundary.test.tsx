import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { Link, MemoryRouter, Route, Routes } from 'react-router-dom'
import { describe, expect, it, vi } from 'vitest'
import { ServicesProvider } from '../app/ServicesContext'
import { fakeServices } from '../testing/fakeServices'
import { createTestI18n } from '../testing/renderApp'
import { RouteErrorBoundary } from './RouteErrorBoundary'

function Broken(): never {
  throw new Error('chunk failed to load')
}

describe('RouteErrorBoundary', () => {
  it('shows the route error screen instead of a blank page, logs why, and recovers on the next page', async () => {
    const services = fakeServices()
    const logged = vi.spyOn(services.logger, 'error')
    vi.spyOn(console, 'error').mockImplementation(() => undefined) // React reports caught errors too
    const i18n = await createTestI18n()
    render(
      <ServicesProvider value={services}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/broken']}>
            <RouteErrorBoundary>
              <Link to="/fine">elsewhere</Link>
              <Routes>
                <Route path="/broken" element={<Broken />} />
                <Route path="/fine" element={<p>fine page</p>} />
              </Routes>
            </RouteErrorBoundary>
          </MemoryRouter>
        </I18nextProvider>
      </ServicesProvider>,
    )

    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInstanceOf(HTMLElement)
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInstanceOf(HTMLElement)
    expect(logged).toHaveBeenCalledWith('route render failed', expect.objectContaining({ error: 'chunk failed to load' }))
    expect(screen.queryByText('elsewhere')).toBeNull()
  })

  it('gives the next location a fresh start', async () => {
    const services = fakeServices()
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const i18n = await createTestI18n()
    render(
      <ServicesProvider value={services}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter initialEntries={['/broken']}>
            <Link to="/fine">to a working page</Link>
            <RouteErrorBoundary>
              <Routes>
                <Route path="/broken" element={<Broken />} />
                <Route path="/fine" element={<p>fine page</p>} />
              </Routes>
            </RouteErrorBoundary>
          </MemoryRouter>
        </I18nextProvider>
      </ServicesProvider>,
    )
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInstanceOf(HTMLElement)
    await userEvent.setup().click(screen.getByRole('link', { name: 'to a working page' }))
    expect(screen.getByText('fine page')).toBeInstanceOf(HTMLElement)
  })
})
