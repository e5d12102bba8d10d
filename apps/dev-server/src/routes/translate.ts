import { ok, productRoute, type Route } from '../http/routes.ts'
import { DEV_TRANSLATOR_NAME, devTranslate } from '../world/translator.ts'

export const translateRoutes: Route[] = [
  productRoute('translate', {
    handle: ({ data }) =>
      ok({
        translatedText: devTranslate(data.sourceText, data.targetLang),
        targetLang: data.targetLang,
        translator: DEV_TRANSLATOR_NAME,
      }),
  }),
]
