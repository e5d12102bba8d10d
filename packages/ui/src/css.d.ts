/** Components import their own stylesheet; the app's bundler handles it. */
declare module '*.css'
