// Build-time literal string replacement in an app's own sources (see FITCONNECT_TEXT_REPLACE in rspack.js).
// Lets the browser tests build a visibly different "redeploy" of one remote without editing files.
module.exports = function replaceLoader(source) {
  const { replacements } = this.getOptions();
  let out = source;
  for (const [from, to] of Object.entries(replacements || {})) out = out.split(from).join(String(to));
  return out;
};
