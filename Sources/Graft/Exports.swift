// Apps write `import Graft` alone: the vocabulary generated code is written in (operations,
// selection sets, inputs, scalars, JSON) lives in GraftAPI, the module generated code imports.
@_exported import GraftAPI
