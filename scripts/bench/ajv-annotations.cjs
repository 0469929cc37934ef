'use strict';
// ajv-cli 5 loads each `-c <module>` with `require(file)(ajv)` (node_modules/ajv-cli/dist/commands/ajv.js,
// customFormatsKeywords): the module itself must be the function, and a relative path must start with
// "." to be resolved against the working directory. Registering `x-expected` as a string-valued
// annotation keyword lets ajv-cli compile tea-discovery.schema.json in strict mode, as teapurl does.
module.exports = function addTeapurlAnnotations(ajv) {
  ajv.addKeyword({ keyword: 'x-expected', schemaType: 'string' });
  return ajv;
};
