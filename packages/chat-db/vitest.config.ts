import { defineConfig } from 'vitest/config'
import { NODE_PACKAGE_CONFIG } from '../../vitest.shared.ts'

export default defineConfig(NODE_PACKAGE_CONFIG)
