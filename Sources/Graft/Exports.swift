// Apps write `import Graft` alone: the vocabulary generated code is written in (operations,
// selection sets, inputs, scalars, JSON) lives in GraftAPI, the module generated code imports.
// Re-exported with its generated-code SPI, so `@_spi(Generated) import Graft` (test support, mocks)
// sees that too; a plain `import Graft` does not. The files of this module that use the SPI import
// GraftAPI with it themselves (an import's SPI does not reach other files).
@_spi(Generated) @_exported import GraftAPI
