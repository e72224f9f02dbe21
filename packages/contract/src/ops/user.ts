/** The operations of module user (issue #13): filled as the module's routes move onto the contract. */
import { defineOperations } from '../operation';

export const OPS_USER = defineOperations({});
