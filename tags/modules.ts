// The built-in tag modules, one line each: tags/registry.ts registers every module exported here
// (a module's default export is its TagModule: its tags and their runtime helpers).

export { default as ifModule } from "./if.js";
export { default as setModule } from "./set.js";
export { default as outputModule } from "./output.js";
export { default as loopModule } from "./loop.js";
export { default as paramModule } from "./param.js";
export { default as includeModule } from "./include.js";
export { default as moduleModule } from "./module.js";
export { default as switchModule } from "./switch.js";
export { default as tryModule } from "./try.js";
export { default as savecontentModule } from "./savecontent.js";
export { default as dumpModule } from "./dump.js";
export { default as queryModule } from "./query.js";
export { default as queryparamModule } from "./queryparam.js";
export { default as transactionModule } from "./transaction.js";
export { default as responseModule } from "./response.js";
export { default as logModule } from "./log.js";
export { default as lockModule } from "./lock.js";
export { default as cacheModule } from "./cache.js";
export { default as httpModule } from "./http.js";
export { default as mailModule } from "./mail.js";
export { default as functionModule } from "./function.js";
export { default as settingModule } from "./setting.js";
export { default as flushModule } from "./flush.js";
export { default as xmlModule } from "./xml.js";
export { default as componentModule } from "./component.js";
