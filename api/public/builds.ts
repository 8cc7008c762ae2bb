/**
 * A remote's build as the registry takes it: read a build folder, pack it, read its build-info.json (npm run release, the benches).
 * One of the API's public entry points for scripts/ (api/public/README.md): the lint refuses a
 * script that imports api/src itself.
 */
export { packBuild, packFiles, readBuildFolder } from '../src/registry/build-archive';
export { parseBuildInfo } from '../src/registry/build-files';
