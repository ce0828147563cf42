package dev.tabula.conformance.support;

import com.microsoft.azure.storage.table.TableServiceEntity;
import java.util.Date;
import java.util.UUID;

/**
 * A POJO entity for the legacy Java client, which maps public getter/setter pairs to properties by
 * reflection (so it must be a public class with a public no-argument constructor). One property of
 * each Edm type the library maps from a Java type.
 */
public class LegacyCustomer extends TableServiceEntity {
  private String name;
  private int visits;
  private long total;
  private double rating;
  private boolean active;
  private Date since;
  private UUID id;
  private byte[] photo;

  /** The reflection constructor. */
  public LegacyCustomer() {}

  /** A customer with its keys. */
  public LegacyCustomer(String partitionKey, String rowKey) {
    super(partitionKey, rowKey);
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public int getVisits() {
    return visits;
  }

  public void setVisits(int visits) {
    this.visits = visits;
  }

  public long getTotal() {
    return total;
  }

  public void setTotal(long total) {
    this.total = total;
  }

  public double getRating() {
    return rating;
  }

  public void setRating(double rating) {
    this.rating = rating;
  }

  public boolean getActive() {
    return active;
  }

  public void setActive(boolean active) {
    this.active = active;
  }

  public Date getSince() {
    return since;
  }

  public void setSince(Date since) {
    this.since = since;
  }

  public UUID getId() {
    return id;
  }

  public void setId(UUID id) {
    this.id = id;
  }

  public byte[] getPhoto() {
    return photo;
  }

  public void setPhoto(byte[] photo) {
    this.photo = photo;
  }
}
