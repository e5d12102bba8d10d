import { brandConfig } from '@vchat/brand-default'
import { mountApp } from '@vchat/app-core'

void mountApp(brandConfig)
