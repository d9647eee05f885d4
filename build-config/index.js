module.exports = { ...require('./jest') };
