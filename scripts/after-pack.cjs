// electron-builder afterPack hook: flips Electron's fuses in the packed binary so the shipped app cannot be
// run as plain Node, inspected, fed NODE_OPTIONS, or loaded from anything but its integrity-checked asar, and
// file:// pages get no extra privileges (the renderer is served from app://).
/* eslint-disable @typescript-eslint/no-require-imports -- a CommonJS hook, as electron-builder loads it */
const path = require("node:path");

/** The fuses Skillshelf ships with, by name (FuseV1Options keys) → value. */
const skillshelfFuses = Object.freeze({
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
});

/** The @electron/fuses config for one platform (macOS needs its ad-hoc signature redone after the flip). */
function fuseConfig(fuses, electronPlatformName) {
  const config = {
    version: fuses.FuseVersion.V1,
    resetAdHocDarwinSignature: electronPlatformName === "darwin" || electronPlatformName === "mas",
  };
  for (const [name, value] of Object.entries(skillshelfFuses)) {
    const index = fuses.FuseV1Options[name];
    if (typeof index !== "number") throw new Error(`@electron/fuses does not know the fuse ${name}.`);
    config[index] = value;
  }
  return config;
}

/** The Electron executable electron-builder just packed, per platform. */
function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const productFilename = packager.appInfo.productFilename;
  if (electronPlatformName === "darwin" || electronPlatformName === "mas")
    return path.join(appOutDir, `${productFilename}.app`);
  if (electronPlatformName === "win32") return path.join(appOutDir, `${productFilename}.exe`);
  return path.join(appOutDir, packager.executableName ?? productFilename);
}

/** The hook itself; `fuses` is injectable so tests check the flip without an Electron binary. */
async function afterPack(context, fuses = require("@electron/fuses")) {
  await fuses.flipFuses(electronBinaryPath(context), fuseConfig(fuses, context.electronPlatformName));
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.afterPack = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinaryPath = electronBinaryPath;
module.exports.skillshelfFuses = skillshelfFuses;
