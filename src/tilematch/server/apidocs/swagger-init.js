// Start Swagger UI on the server's own OpenAPI document (no request leaves the server).
window.addEventListener("DOMContentLoaded", () => {
  window.ui = window.SwaggerUIBundle({
    url: "/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
  });
});
