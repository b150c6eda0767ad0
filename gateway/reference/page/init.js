// Starts Swagger UI on the reference document of the live export (openapi.json beside this page: the API's own
// description with live examples). No call leaves this host: the online spec validator is off.
window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  docExpansion: 'list',
  defaultModelsExpandDepth: -1,
  displayRequestDuration: true,
  validatorUrl: null,
  // the x-extension marks say which parameters and fields extend the v1 contract
  showExtensions: true,
  supportedSubmitMethods: ['get', 'head'],
});
