import { createAppViteConfig } from '@vchat/app-core/vite'
import { brandConfig } from './src/brand.ts'

export default createAppViteConfig({ brand: brandConfig, port: 5180 })
