package dev.tabula.tools.transfer;

import dev.tabula.tools.entity.SourceEntity;

/**
 * An entity on its way into a transaction, with its number in the source.
 *
 * @param number the line it starts on, or its ordinal in the source
 * @param entity the entity
 * @param size an estimate of its bytes in a transaction's body
 */
record Row(long number, SourceEntity entity, int size) {}
