// Stylesheets are bundled by Vite; importing them only has a side effect.
declare module '*.css' {}
