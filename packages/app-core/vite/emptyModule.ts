// Stands in for Node-only modules (node:dns) in the browser build.
export default {}
