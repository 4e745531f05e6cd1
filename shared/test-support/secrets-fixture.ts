// The fake credentials planted in shared/fixtures/secrets-workspace/, as the tests look for them: none
// may reach an index, a screen, an answer or a log unmasked. MEMORY.md's twelve come first, in order.
export const PLANTED_SECRETS = [
  'tvly-dev-9fK2mQ7xLp4Rt8Zw3HCS',
  'pa-Qw8Er4Ty6Ui2Op0As5Df7Gh',
  'sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv',
  'sk-ant-api03-Xy7zAb4cDe1fGh8iJk5lMn2o',
  'ghp_0123456789abcdefABCDEF0123456789abcd',
  'AKIAIOSFODNN7EXAMPLE',
  'xoxb-1234567890-abcdefGHIJ',
  'AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q',
  'hunter2',
  'abc123',
  'Zx9#Qw',
  'Ab12Cd34Ef56Gh78Ij90',
  // memory/2026-12-01.md's private key, line by line.
  'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW',
  'FAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKEFAKE',
] as const;
