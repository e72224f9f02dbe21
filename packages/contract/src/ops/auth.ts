/** The operations of module auth (issue #13): filled as the module's routes move onto the contract. */
import { defineOperations } from '../operation';

export const OPS_AUTH = defineOperations({});
