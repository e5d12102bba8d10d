import { fakeServices, renderApp } from '@vchat/app-core/testing'
import { expect, it } from 'vitest'
import { brandConfig } from './brand'

it('shows the brand on the landing page', async () => {
  const app = await renderApp({ brand: brandConfig, services: fakeServices({ brand: brandConfig }) })
  expect(await app.findByRole('link', { name: 'Kestrel' })).toBeTruthy()
})
